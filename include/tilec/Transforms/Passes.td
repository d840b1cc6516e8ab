// Declarations of tilec's tile-level and pipeline transforms.
#ifndef TILEC_TRANSFORMS_PASSES_TD
#define TILEC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TilecExpandMath : Pass<"tilec-expand-math", "mlir::ModuleOp"> {
  let summary = "Rewrites transcendental math into vectorizable polynomial approximations";
  let description = [{
    Replaces `math.exp`, `math.log`, `math.erf`, `math.sin`, `math.tan`, `math.pow`, ...
    on f32 with polynomial approximations (MLIR's, and tilec's own for exp, sin/cos/tan
    range reduction, sinh/cosh, log10 and pow), so they vectorize on CPUs and need no
    device math library on AMD GPUs (no ocml). `math.sqrt` and `math.fma` are kept: every
    target has instructions for them. f16/bf16 math is widened to f32 beforehand
    (`math-extend-to-supported-types`). With `libdevice`, NVPTX's transcendental functions
    become `__nv_*` calls instead, on f32 and f64 (lib/Pipeline/Codegen.cpp links libdevice).
    On CPUs, f64 `erf`, `erfc`, `cbrt`, `expm1` and `log1p` become libm calls (LLVM has no
    intrinsic for the first three and lowers the others imprecisely). With `f64-expansions`
    (GPUs without a math library), f64 functions get tilec's own expansions instead.

    Before:

    ```mlir
    %e = math.exp %x : vector<8xf32>
    ```

    After:

    ```mlir
    %0 = arith.mulf %x, %cst_log2e : vector<8xf32>
    ... (range reduction, polynomial, exponent reconstruction via arith/bitcast)
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect", "::mlir::LLVM::LLVMDialect",
                           "::mlir::func::FuncDialect", "::mlir::scf::SCFDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"cpu\"",
           "Target name, for errors (cpu, nvptx, amdgpu, simt)">,
    Option<"libm", "libm", "bool", /*default=*/"true",
           "Host code, linked with the C library's libm: f64 functions LLVM has no "
           "intrinsic for (erf, erfc, cbrt, expm1, log1p) become libm calls. Without it, "
           "f64 math left for a libm call (exp, log, sin, ...) is refused with an error "
           "naming the op and the target">,
    Option<"libdevice", "libdevice", "bool", /*default=*/"false",
           "NVPTX with libdevice linked: transcendental functions (exp, log, sin, tan, pow, "
           "erf, fmod, ...) on fp32 and fp64 become calls to libdevice's __nv_* functions "
           "instead of expansions">,
    Option<"nativeExpLog", "native-exp-log", "bool", /*default=*/"false",
           "The back end lowers f32 exp, exp2, log, log2 and log10 itself, without a "
           "library (AMDGPU: v_exp_f32/v_log_f32 with range scaling): they stay math ops">,
    Option<"expAsExp2", "exp-as-exp2", "bool", /*default=*/"false",
           "The kernel's f32 exp(x) becomes exp2(x * log2(e)), as Triton lowers tl.exp on "
           "GPUs (NVIDIA: ex2.approx, AMD: v_exp_f32); a relative error of about |x| * 2^-24 "
           "instead of an extended-precision reduction. Exps that later expansions create "
           "(sinh, cosh) keep full precision">,
    Option<"f64Expansions", "f64-expansions", "bool", /*default=*/"false",
           "tilec's own f64 expansions (lib/Transforms/ExpandMathF64.cpp) of exp, exp2, "
           "expm1, log, log2, log10, log1p, sin, cos, tan, sinh, cosh, tanh, atan, atan2, "
           "asin, acos, acosh, atanh, cbrt, pow, erf and erfc, applied before the libm and libdevice "
           "calls: the pipeline sets it for targets with neither (AMD GPUs, NVPTX without "
           "libdevice), and `--expand-f64-math` on the CPU to test them">
  ];
}

def TilecLowerBlockPointers : Pass<"tilec-lower-block-pointers", "mlir::ModuleOp"> {
  let summary = "Rewrites block pointers and tensor descriptors into pointer tiles and masks";
  let description = [{
    Every target's first tile-level pass. A `!tile.block_ptr` value becomes its
    components (a 1:N type conversion): the base pointer, the sizes and strides (i64)
    and the offsets (i32), one each per dimension; a `!tile.tensor_desc` its base,
    sizes and strides. `scf.for`, `scf.while` and `scf.if` carry the components in
    place of the value (MLIR's structural SCF type conversion), as do function
    signatures, calls and returns. `tile.advance` adds to the offsets. A load or store
    of the block becomes a `tile.load`/`tile.store` through the pointer tile
    `base + sum_d (offset_d + arange(block_d)) * stride_d` (computed in i64), masked by
    `0 <= offset_d + arange(block_d) < size_d` over the checked dimensions (all of them
    for descriptors), with `other` the padding (0 or NaN) where a mask exists; a
    descriptor atomic becomes a masked relaxed `tile.atomic_rmw`. This is the code
    Triton's RewriteTensorPointer and RewriteTensorDescriptorToPointer passes give.
    With `mark-descriptor-blocks` (targets with a copy engine, TMA), each loaded or
    stored 2-D block also goes through a `tile.descriptor_block` naming its base,
    sizes, strides and offsets: `tilec-pipeline-loops` reads the marks of loads to
    copy them with the engine instead (and drops the others), convert-tile-to-gpu
    those of stores.

    Before:

    ```mlir
    %bp = tile.make_block_ptr %p, [%n], [%c1], [%o] order = [0] : !tile.block_ptr<8xf32>
    %x = tile.block_load %bp boundary_check = [0] : !tile.block_ptr<8xf32>
    ```

    After:

    ```mlir
    %r = tile.make_range 0, 8 : tensor<8xi32>
    %i = arith.addi %r, (tile.splat %o) : tensor<8xi32>
    %w = arith.extsi %i : tensor<8xi32> to tensor<8xi64>
    %off = arith.muli %w, (tile.splat %c1) : tensor<8xi64>
    %lo = arith.cmpi sge, %w, (tile.splat 0) : tensor<8xi64>
    %hi = arith.cmpi slt, %w, (tile.splat %n) : tensor<8xi64>
    %mask = arith.andi %lo, %hi : tensor<8xi1>
    %ptrs = tile.addptr (tile.splat %p), %off : tensor<8x!tile.ptr<f32>>, tensor<8xi64>
    %x = tile.load %ptrs, %mask, %zeros : tensor<8x!tile.ptr<f32>>
    ```
  }];
  let options = [
    Option<"markDescriptorBlocks", "mark-descriptor-blocks", "bool", /*default=*/"false",
           "Mark each loaded 2-D block with tile.descriptor_block (targets with TMA)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def TilecExpandSort : Pass<"tilec-expand-sort", "mlir::ModuleOp"> {
  let summary = "Expands tile.sort into Triton's bitonic network of tile ops";
  let description = [{
    Every target sorts with the network Triton's `tl.sort` uses: for a last dimension of
    n = 2^k, merges of 1, 2, ..., k compare-exchange steps, the inner merges alternating
    up and down runs, the last one in the requested order. A step over bit j is a
    `tile.shuffle` pairing each lane with the lane whose index differs in bit j, a
    greater-than comparison (`ugt` with `unsigned`, ordered `ogt` on floats), a constant
    mask of the lanes whose choice is inverted and a select: k(k+1)/2 steps in all. Ties
    and NaNs (never greater) come out exactly as in Triton. The pipeline runs it right
    after the inliner, before layouts on GPUs; a target with a better sort could lower
    `tile.sort` itself instead.

    Before:

    ```mlir
    %s = tile.sort %x descending = false : tensor<2xi32>
    ```

    After:

    ```mlir
    %p = tile.shuffle %x, %x [1, 0] : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
    %g = arith.cmpi sgt, %x, %p : tensor<2xi32>
    %f = arith.constant dense<[false, true]> : tensor<2xi1>
    %t = arith.xori %g, %f : tensor<2xi1>
    %s = arith.select %t, %p, %x : tensor<2xi1>, tensor<2xi32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TilecDropHints : Pass<"tilec-drop-hints", "mlir::ModuleOp"> {
  let summary = "Removes tile.hint ops, where nothing reads the promises they carry";
  let description = [{
    `tile.hint` (`tl.multiple_of`, `tl.max_contiguous`, `tl.max_constancy`) feeds the axis
    analysis of the GPU lowering, which drops the op itself after reading it. The CPU
    lowering has its own access analysis, so its pipeline drops the hints first, leaving
    the address arithmetic it pattern-matches as the frontend wrote it.

    Before:

    ```mlir
    %h = tile.hint %offs divisibility [128] contiguity [128] : tensor<128xi32>
    %p = tile.addptr %base, %h : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    ```

    After:

    ```mlir
    %p = tile.addptr %base, %offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    ```
  }];
}

def TilecFPFusion : Pass<"tilec-fp-fusion", "mlir::ModuleOp"> {
  let summary = "Lets code generation fuse the program's float multiplies and adds into fmas";
  let description = [{
    Triton's `enable_fp_fusion` (on by default in Triton 3.9): a float multiply whose
    product feeds an add or subtract may be computed as one fused multiply-add, with one
    rounding instead of two. The pass marks the program's `arith.mulf`, `arith.addf` and
    `arith.subf` with the `contract` fast-math flag, which LLVM's code generator reads to
    fuse a contractible multiply into a contractible add (x86 `vfmadd`, AArch64 `fmla`,
    PTX `fma.rn`, AMDGPU `v_fma`). It runs first, so that only the operations the program
    wrote are marked: those tilec's own expansions create later (math functions, fp64
    double-float arithmetic, precision-splitting dots) keep their separate roundings. The
    pipeline leaves it out when fusion is off (`--enable-fp-fusion=false`,
    `enable_fp_fusion=False`).

    Before:

    ```mlir
    %p = arith.mulf %x, %y : tensor<128xf32>
    %s = arith.addf %p, %z : tensor<128xf32>
    ```

    After:

    ```mlir
    %p = arith.mulf %x, %y fastmath<contract> : tensor<128xf32>
    %s = arith.addf %p, %z fastmath<contract> : tensor<128xf32>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TilecGuardIntDivision : Pass<"tilec-guard-int-division", "mlir::ModuleOp"> {
  let summary = "Makes integer division and remainder by zero (or INT_MIN / -1) harmless";
  let description = [{
    LLVM treats an integer division by zero, or a signed `INT_MIN / -1`, as undefined
    behaviour, and x86 traps on it, killing the process. Triton leaves the result
    unspecified, so tilec computes it with the divisor replaced by 1 in those lanes. Divisors
    that are constants without such values are left alone.

    Before:

    ```mlir
    %q = arith.divui %a, %b : vector<8xi32>
    ```

    After:

    ```mlir
    %z = arith.cmpi eq, %b, %zero : vector<8xi32>
    %s = arith.select %z, %one, %b : vector<8xi1>, vector<8xi32>
    %q = arith.divui %a, %s : vector<8xi32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TilecStreamingStores : Pass<"tilec-streaming-stores", "mlir::ModuleOp"> {
  let summary = "Streams the stores of launches whose output exceeds the last-level cache";
  let description = [{
    A store whose launch writes more than the last-level cache cannot leave its output in
    the cache for a consumer anyway; written through the cache it also costs a read of each
    line first (read for ownership). Non-temporal stores avoid both. This pass marks each
    `tile.store` of a tile that writes memory the kernel never reads (its pointers derive
    from a kernel argument that no load or atomic reaches) with `stream_min_programs = N`:
    N programs, each writing the bytes of all such stores once, write at least
    `min-grid-bytes`. The CPU lowering then streams the store in launches of at least N
    programs (a test of the grid size at run time); the `scf.for` loops around such a store
    are marked `tile.stream_trip_count`, and their trip counts multiply the program count.
    Stores already `nontemporal`, scalar stores, `evict_last` stores (Triton's "keep cached"
    hint) and stores to memory the kernel also reads are left alone.

    Before:

    ```mlir
    tile.store %out_ptrs, %sum, %mask : tensor<4096x!tile.ptr<f32>>
    ```

    After (min-grid-bytes = 32 MiB, 16 KiB per program):

    ```mlir
    tile.store %out_ptrs, %sum, %mask {stream_min_programs = 2048 : i64}
        : tensor<4096x!tile.ptr<f32>>
    ```
  }];
  let options = [
    Option<"minGridBytes", "min-grid-bytes", "int64_t", /*default=*/"32 << 20",
           "Bytes a launch must write before its stores stream (about the last-level "
           "cache's size)">
  ];
}

def TilecUpcastFP8Dots : Pass<"tilec-upcast-fp8-dots", "mlir::ModuleOp"> {
  let summary = "Decodes the fp8 operands of dots that do not run on fp8 tensor cores to f16";
  let description = [{
    A `tile.dot` with fp8 operands (`i8` tiles with `a_fp8`/`b_fp8` formats) runs on the
    target's fp8 tensor-core instruction when it has one for that pair of formats
    (TargetInfo's `hasFP8MmaSync` at 32-lane warps, `hasFP8Mfma` at 64-lane waves, for
    `target`/`arch`) and the dot's shape fits it as `tilec-assign-layouts` places it (2-D,
    M, N, K powers of two; `mma.sync` m16n8k32: multiples of 16, 8, 32; MFMA: M and N
    multiples of 32 or 16 and K of 16 or 32). Every other fp8 dot (the CPU, no `target`,
    `tensor-cores=false`, targets without fp8 instructions, shapes that do not fit) gets its
    operands decoded exactly to f16 (every e5m2, e4m3fn, e4b15, e4m3fnuz and e5m2fnuz value
    is an f16) and becomes an f16 dot with the same f32 accumulator, as Triton does where
    the hardware has no fp8 dot.

    Before:

    ```mlir
    %d = tile.dot %a, %b, %c {a_fp8 = "fp8e4nv", b_fp8 = "fp8e5"}
        : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xf32>
    ```

    After (no fp8 instruction):

    ```mlir
    %a16 = arith.truncf %a32 : tensor<16x32xf32> to tensor<16x32xf16> // %a32: %a decoded
    %b16 = arith.truncf %b32 : tensor<32x8xf32> to tensor<32x8xf16>
    %d = tile.dot %a16, %b16, %c : tensor<16x32xf16>, tensor<32x8xf16> -> tensor<16x8xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Target (nvptx, amdgpu, simt) asked for fp8 tensor-core instructions; none if empty">,
    Option<"arch", "arch", "std::string", /*default=*/"\"\"",
           "Architecture of the target (e.g. sm_89, warp32)">,
    Option<"threadsPerWarp", "threads-per-warp", "unsigned", /*default=*/"32",
           "Lanes per warp (the target's warp size)">,
    Option<"tensorCores", "tensor-cores", "bool", /*default=*/"true",
           "Keep the fp8 dots the target runs on tensor cores (false: upcast all)">
  ];
}

def TilecAssignLayouts : Pass<"tilec-assign-layouts", "mlir::ModuleOp"> {
  let summary = "Gives every GPU tile a layout encoding: how its elements spread over threads";
  let description = [{
    For each kernel the SIMT lowering supports, picks one blocked encoding per tile rank,
    with as many consecutive elements per thread as 128-bit global accesses allow (from
    AxisInfo's contiguity and divisibility of the memory ops' pointers, as Triton's
    coalescing does), and propagates it: elementwise ops share their operands' layout,
    `tile.reduce` produces a slice of its operand's layout, `tile.expand_dims` takes a
    slice of its result's. Where two layouts meet, a `tile.convert_layout` is inserted;
    conversions of values that are cheap to recompute (ranges, splats, constants and
    elementwise chains of them) are removed by recomputing the value in the wanted
    layout. An op that the SIMT lowering has no pattern for is an error at the op.

    Loop-carried tiles: a trial run on a copy of the kernel, in which elementwise ops
    follow their other costly operands before a loop-carried one, tells in which layouts
    the loops compute what they carry (attention's running maximum and sum in the slice
    of the dot's layout, its accumulator in the MMA layout); the kernel carries those
    when that leaves fewer elements to convert (weighted by loop depth) than carrying
    the layouts of the initial values. `tile.expand_dims` of a slice along its axis
    yields the slice's parent. A conversion of a broadcast (or expansion) of a costly
    value is replaced by the broadcast of that value converted, where it has at most a
    quarter of the elements.

    Loads read only as dot operands (directly or through `tile.trans`) go through
    shared memory on their way to the dot, so each gets its own blocked layout, the
    one that coalesces its accesses (as Triton's coalescing gives every memory op its
    own): an fp16 operand in a kernel whose rank-2 default suits its fp32 accumulator
    still moves 16 bytes per access. A loop-carried pointer tile such a load reads keeps
    that layout through the loop. So do loads read through pure elementwise ops of
    their own values and constants (the f16 decoding of fp8 bytes that
    `tilec-upcast-fp8-dots` emits).

    A dot operand of an `mma.sync` or MFMA dot computed by such ops from one narrower
    tile (fp8 bytes decoded to f16) is converted to its `#tile.dot_operand` layout as
    that tile, and the ops are repeated on the values read in the operand layout, right
    before the dot, as Triton decomposes such conversions: shared memory holds (and
    `tilec-pipeline-loops` copies) the bytes, and the lowering decodes each K step's
    fragments next to its instruction. wgmma dots, which read their operands from
    shared memory, keep the decoded tiles.

    Tensor cores: when the target (`target`, `arch`) has `mma.sync.aligned.m16n8k<K>`
    for the operand and accumulator types of a 2-D `tile.dot` (TargetInfo's
    `hasMmaSync`: f16 or bf16 operands with f32 accumulators (K = 16), f32 operands
    as tf32 (K = 8) when the dot's `input_precision`, or the target's default for
    none, is "tf32", i8 operands with i32 accumulators (K = 32); on NVPTX from sm_80
    and on the SIMT emulator at warp size 32) and its M, N, K fill the instruction
    (multiples of 16, 8, K), the dot's accumulator gets a `#tile.mma` layout (warps
    over M and N as Triton 3.9 picks them) and its operands are converted to
    `#tile.dot_operand` layouts (`kWidth` 2, 1, 4: elements per 32-bit register); a
    loop-carried accumulator keeps the MMA layout through the loop. Chained dots (one's
    A or B operand computed from the other's result, as attention's `p.v` from
    `softmax(q.k^T)`) put all warps along M where M >= N (else along N), as Triton 3.9
    does, when that gives each warp whole 16x8 blocks, so the row reductions between
    them stay within a warp. On 64-lane waves
    the same holds for AMD's MFMA (`hasMfma`: gfx90a, gfx940-gfx942, gfx950 and the
    emulator at warp size 64; i8 not on gfx90a): 32x32 blocks where M, N are
    multiples of 32 and K of the instruction's (f16/bf16: `v_mfma_f32_32x32x8`, f32:
    `32x32x2f32`, i8: `v_mfma_i32_32x32x16_i8`), else 16x16 blocks (`16x16x16`,
    `16x16x4f32`, `16x16x32_i8`); the accumulator gets a `#tile.mfma` layout and the
    operands `#tile.dot_operand` layouts under it (`kWidth` 4, 1, 8). An f32 dot asked
    for "tf32x3" whose tf32 form would run on `mma.sync` is first split into three tf32
    dots, as Triton's F32DotTC pass (x = tf32(x) + rest: a_big.b_big + nan-to-zero(
    a_big.b_small + a_small.b_big) + acc); one asked for "bf16x3" or "bf16x6" where bf16
    operands of its shape run on `mma.sync`/`wgmma` is split the same way into bf16 pieces
    (x = bf16(x) + bf16(rest) [+ bf16(rest')]: 3 or 6 bf16 dots). Elsewhere those
    precisions are exact fp32 ("ieee"). Other dots (fp16 accumulation, fp32 asked
    for "ieee" on NVIDIA, small shapes, `tensor-cores=false`) keep the FMA lowering.

    Before:

    ```mlir
    %r = tile.make_range 0, 1024 : tensor<1024xi32>
    %p = tile.addptr %base, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %v = tile.load %p : tensor<1024x!tile.ptr<f32>>
    ```

    After (`num-warps=4`, pointers 16-byte aligned):

    ```mlir
    #blocked = #tile.blocked<{sizePerThread = [4], threadsPerWarp = [32],
                              warpsPerCTA = [4], order = [0]}>
    %r = tile.make_range 0, 1024 : tensor<1024xi32, #blocked>
    %p = tile.addptr %base, %r : tensor<1024x!tile.ptr<f32>, #blocked>, ...
    %v = tile.load %p : tensor<1024x!tile.ptr<f32>, #blocked>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"4", "Warps per program">,
    Option<"threadsPerWarp", "threads-per-warp", "unsigned", /*default=*/"32",
           "Lanes per warp (the target's warp size)">,
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Target (nvptx, amdgpu, simt) asked for tensor-core instructions; none if empty">,
    Option<"arch", "arch", "std::string", /*default=*/"\"\"",
           "Architecture of the target (e.g. sm_80, warp32)">,
    Option<"tensorCores", "tensor-cores", "bool", /*default=*/"true",
           "Use tensor-core (mma) layouts for the dots the target can run on them">,
    Option<"wgmmaTransposedB", "wgmma-transposed-b", "bool", /*default=*/"false",
           "Run tf32, int8 and fp8 dots whose N-contiguous B wgmma reads transposed on "
           "wgmma (Triton's choice) even where mma.sync, which reads B as loaded, was "
           "measured faster: unchained dots of at most 64 accumulators per thread">
  ];
}

def TilecPipelineLoops : Pass<"tilec-pipeline-loops", "mlir::ModuleOp"> {
  let summary = "Multi-buffers the loads that feed tensor-core dots in loops (num_stages)";
  let description = [{
    Software pipelining, as Triton's `num_stages`: in an `scf.for` with a positive
    constant step, each `tile.load` whose only users convert it to a `dot_operand`
    layout of a tensor-core (`#tile.mma`) `tile.dot` in the same loop (or transpose it,
    a 2-D `tile.trans` converted to a B operand: the buffer then holds the tile as
    loaded, read back for the transposition, which the lowering folds into the dot's
    reads; same-width element bitcasts, `arith.bitcast` as the frontend emits for
    `x.to(tl.bfloat16, bitcast=True)`, may come first: the buffer then holds their
    element type, into which the copies move the loaded bytes; pure arith and math ops
    between the conversion and the dot, the fp8 decodings that `tilec-assign-layouts`
    places there, are allowed), whose `other` is
    absent or zero and whose address and mask depend only on the induction variable,
    loop invariants and loop-carried values updated by pure ops (pointer increments),
    is turned into asynchronous copies into a `tile.local_alloc` buffer of
    `num-stages` tiles (rows padded by 16 bytes):

    - before the loop, the copies of iterations 0 .. S-2 (S = num-stages) are started,
      one commit group per iteration, masked off past the loop's end;
    - each iteration waits for its own group (`tile.async_wait pending = S-2`, which
      also synchronizes the program), starts the copies of iteration i + S-1 into the
      stage that iteration i-1 read, commits them, and reads its operands from its
      stage (`tile.local_load` to the dot-operand layout, which the dot reads per K
      step with `ldmatrix`);
    - after the loop, `tile.async_wait pending = 0`.

    With `async-copies=false` (targets without asynchronous copies: AMD, as Triton's
    AMD stream pipeliner), the same loads, of mma or MFMA dots, with any alignment,
    are prefetched instead, whatever `num-stages` > 1 is: iteration 0's tiles are
    loaded before the loop, and each iteration first loads the tiles of the next one
    (masked off past the loop's end) from the look-ahead address values, then runs
    its dots on the tiles loaded one iteration earlier, so that the global loads'
    latency overlaps the dots. A load converted only to dot operands of one index
    (not through `tile.trans`) is double-buffered in shared memory: a
    `tile.local_alloc` of two tiles (MFMA: unpadded, A row-major, B column-major;
    mma: rows padded as above), iteration 0's tile written to stage 0
    (`tile.local_store`, then `tile.barrier`) before the loop, the dots of iteration
    i reading stage i % 2 (`tile.local_load` to the dot-operand layout, where the
    conversion was), and the tile of iteration i + 1 written to stage (i + 1) % 2 at
    the end of iteration i, followed by its only `tile.barrier`. Where the two
    stages of the loop's buffered loads do not fit in `shared-memory-limit` (with
    the kernel's scratch, as above), and for the other loads, the next tiles are
    carried to the next iteration in registers and the dots stage them in shared
    memory as before (two barriers per conversion). The register form:

    ```mlir
    %a0 = tile.load %pa0, %m0, %zero : ...      // iteration 0
    %r:4 = scf.for %k = %c0 to %n step %c1
        iter_args(%acc = %z, %pa = %a0p, %ahead = %a1, %a = %a0) -> (...) : i32 {
      %an = tile.load %ahead, %mn, %zero : ...   // iteration %k + 1, masked past %n
      %ad = tile.convert_layout %a : ... -> tensor<64x32xf16, #dot_a>
      %d = tile.dot %ad, %bd, %acc : ...
      ...
      scf.yield %d, %pa, %aheadn, %an : ...
    }
    ```

    The shared-memory form (`%buf`: two stages of A's tile):

    ```mlir
    tile.local_store %a0, %stage0 : ...                   // iteration 0's tile
    tile.barrier
    %r:4 = scf.for %k = %c0 to %n step %c1
        iter_args(%acc = %z, %pa = %a0p, %ahead = %a1, %slot = %c0_i32) -> (...) : i32 {
      %an = tile.load %ahead, %mn, %zero : ...   // iteration %k + 1, masked past %n
      %s = tile.memdesc_index %buf[%slot] : ...
      %ad = tile.local_load %s : ... -> tensor<64x32xf16, #dot_a>
      %d = tile.dot %ad, %bd, %acc : ...
      %w = arith.subi %c1_i32, %slot : i32
      %sw = tile.memdesc_index %buf[%w] : ...
      tile.local_store %an, %sw : ...
      tile.barrier
      scf.yield %d, %pa, %aheadn, %w : ...
    }
    ```

    The addresses of iteration i + S-1 are computed from copies of the loop-carried
    address values that run S-1 iterations ahead; the original ones are removed when
    nothing else uses them. Copies need runs of at least 4 contiguous, aligned bytes
    (AxisInfo); loads without them, and loops whose buffers would not fit in
    `shared-memory-limit` bytes (with the rest of the kernel's scratch and the buffers
    of its loops pipelined before) even at 2 stages, are left alone, and stages are
    reduced until the buffers fit. `num-stages` 1 or 0 turns the pass off.

    Before (`num-stages=3`):

    ```mlir
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z, %pa = %a0) -> (...) : i32 {
      %a = tile.load %pa, %m, %zero : tensor<64x32x!tile.ptr<f16>, #blocked>
      %ad = tile.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #dot_a>
      %d = tile.dot %ad, %bd, %acc : ...
      %pn = tile.addptr %pa, %step : ...
      scf.yield %d, %pn : ...
    }
    ```

    After:

    ```mlir
    %buf = tile.local_alloc : !tile.memdesc<3x64x32xf16, #shared>
    // iterations 0 and 1: tile.async_copy into stages 0 and 1, tile.async_commit_group
    %r:4 = scf.for %k = %c0 to %n step %c1
        iter_args(%acc = %z, %pa = %a0, %slot = %c0_i32, %ahead = %a2) -> (...) : i32 {
      tile.async_wait pending = 1
      %stage = tile.memdesc_index %buf[%slot] : ...
      %ad = tile.local_load %stage : !tile.memdesc<64x32xf16, #shared>
          -> tensor<64x32xf16, #dot_a>
      // the copy of iteration %k + 2 from %ahead into stage (%slot + 2) % 3
      tile.async_copy %ahead, %next, %mask : ...
      tile.async_commit_group
      %d = tile.dot %ad, %bd, %acc : ...
      ...
    }
    tile.async_wait pending = 0
    ```

    With `async-dots` (the default), a loop whose only dot is a warpgroup MMA dot (a
    version-3 `#tile.mma` accumulator) reading both operands from the loop's buffers, and
    whose accumulator is a loop-carried value that only that dot reads and only the loop
    yields, keeps the dot's wgmmas in flight while the next iteration begins, as
    Triton's sm_90 loop does: the dot becomes `{is_async}`, a `tile.dot_wait pendings =
    1` after it completes the previous iteration's dot (whose stage the copies refill),
    the copies follow it after a `tile.barrier` (every warpgroup is done with that stage),
    and a `tile.dot_wait pendings = 0` after the loop completes the last dot (the initial
    accumulator enters through one too, which defines its registers once before the loop):

    ```mlir
    %z0 = tile.dot_wait %z pendings = 0 : tensor<128x128xf32, #mma3>
    %r:4 = scf.for ... iter_args(%acc = %z0, ...) -> (...) : i32 {
      tile.async_wait pending = 1
      %ad = tile.local_load %stage : ...
      %d = tile.dot %ad, %bd, %acc {is_async} : ...
      %w = tile.dot_wait %d pendings = 1 : tensor<128x128xf32, #mma3>
      tile.barrier
      tile.async_copy %ahead, %next, %mask : ...
      tile.async_commit_group
      scf.yield %w, ... : ...
    }
    %acc_final = tile.dot_wait %r#0 pendings = 0 : tensor<128x128xf32, #mma3>
    ```

    With `tma-loads` (targets with a copy engine: Hopper's TMA), a pipelined load that
    a wgmma dot reads as loaded and that `tilec-lower-block-pointers` marked as a
    block of a tensor descriptor or block pointer (`tile.descriptor_block`: 2-D, base,
    sizes and strides defined before the loop, last stride 1, a row stride that is not a
    constant <= 0, base and row stride
    known multiples of 16 bytes, swizzled rows of 32 to 128 bytes, zero or NaN
    padding) is copied by the engine instead: a `tile.make_tensor_map` where the tensor is known
    (at the latest before the loop: a persistent kernel encodes its maps once)
    describes the tensor (box: the tile's rows by one swizzle span, the buffer's
    swizzle, the padding as fill), a ring of S mbarriers (`tile.local_alloc` of S
    1x1 i64 tiles, each `tile.mbarrier_init count = 1`) counts the stages, and each
    issue arrives at its stage's barrier expecting the tile's bytes (0 past the
    loop's end) and starts `tile.async_tma_load`s at the block's offsets (masked off
    past the end). Each iteration synchronizes the program (the `tile.async_wait`,
    or a `tile.barrier` where no load uses `cp.async`) and waits on its stage's
    barrier for phase (k / S) % 2 (k the iteration's number); after the loop the
    program synchronizes and invalidates the barriers (`tile.mbarrier_inval`).
    Descriptor-block marks of loads that no copy uses are dropped; those of stored
    tiles (directly, or through the conversion to the store's layout) stay for
    convert-tile-to-gpu, which writes the blocks it can with the engine.

    ```mlir
    %map = tile.make_tensor_map %base, [%m, %k], [%sk, %c1]
        : !tile.ptr<f16> -> !tile.tensor_map<128x64xf16, swizzle = 128>
    %bars = tile.local_alloc : !tile.memdesc<3x1x1xi64, #shared>
    tile.mbarrier_init %bar0 count = 1 : ...       // one per stage
    // iterations 0 and 1: tile.mbarrier_arrive %bar_j, %bytes_j;
    //                     tile.async_tma_load %map[%om, %ok_j] into %stage_j, %bar_j, %in_j
    %r = scf.for %i = ... iter_args(..., %slot = %c0_i32) -> (...) : i32 {
      tile.barrier
      tile.mbarrier_wait %bar, %phase : !tile.memdesc<1x1xi64, #shared>
      ...
    }
    tile.barrier
    tile.mbarrier_inval %bar0 : ...                // one per stage
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
  let options = [
    Option<"numStages", "num-stages", "unsigned", /*default=*/"3",
           "Tiles buffered per pipelined load (Triton's num_stages); 0 or 1: off">,
    Option<"sharedMemoryLimit", "shared-memory-limit", "uint64_t", /*default=*/"49152",
           "Bytes of shared memory a program may use: the buffers of a loop must fit">,
    Option<"asyncCopies", "async-copies", "bool", /*default=*/"true",
           "Whether the target has asynchronous copies to shared memory (cp.async); "
           "without them, loads are prefetched one iteration ahead into registers">,
    Option<"asyncDots", "async-dots", "bool", /*default=*/"true",
           "Keep a pipelined loop's warpgroup MMA dot in flight into the next iteration "
           "(tile.dot {is_async} and tile.dot_wait)">,
    Option<"tmaLoads", "tma-loads", "bool", /*default=*/"false",
           "Copy marked descriptor blocks that wgmma dots read with the target's copy "
           "engine (TMA) and mbarriers">
  ];
}

#endif // TILEC_TRANSFORMS_PASSES_TD
