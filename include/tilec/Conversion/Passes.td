// Declarations of tilec's conversion passes: tile dialect -> vector/LLVM.
#ifndef TILEC_CONVERSION_PASSES_TD
#define TILEC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToVector : Pass<"convert-tile-to-vector", "mlir::ModuleOp"> {
  let summary = "Lowers tiles to flat 1-D vectors and tile memory ops to LLVM intrinsics";
  let description = [{
    Every tile `tensor<d0 x ... x dn x T>` becomes a row-major flat `vector<(d0*...*dn) x T>`
    and every `!tile.ptr<T>` an `!llvm.ptr`. `arith`/`math` ops on tiles become the same ops on
    vectors; shape ops become `vector.shuffle`/`vector.broadcast` (or vanish);
    `tile.reduce` becomes a tree of shuffles combined by the inlined combiner; `tile.dot`
    becomes broadcast-FMA over rows; `tile.addptr`/`load`/`store` become
    `llvm.getelementptr` and (masked) vector loads/stores, gathers and scatters.
    `tile.program_id`/`num_programs` are left for `convert-tile-to-llvm`.

    The same patterns lower the GPUs' per-thread vectors (after `convert-tile-to-gpu`)
    and the CPUs' whole tiles. The CPU choices are options: `chunk-lanes` runs row-wise
    accesses of many rows as loops over the rows and folds wide 1-D reductions and
    transposes in register-sized pieces, `prefetch` adds software prefetch of the rows
    the next loop iteration loads, `vector-bits`/`vector-registers` size the tl.dot
    microkernel, and `dot-vdpbf16ps`/`dot-vpdpbusd` let it use x86's bf16 and int8
    dot-product instructions. The CPU pipeline runs `tilec-carry-pointer-offsets` before this pass
    and `tilec-strip-mine` after it; every pipeline runs `tilec-lower-nontemporal-stores`
    after it to consume the streaming-store marks it leaves.

    Before:

    ```mlir
    %r = tile.make_range 0, 4 : tensor<4xi32>
    %p = tile.splat %a : !tile.ptr<f32> -> tensor<4x!tile.ptr<f32>>
    %q = tile.addptr %p, %r : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
    %v = tile.load %q : tensor<4x!tile.ptr<f32>>
    ```

    After:

    ```mlir
    %r = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
    %p = vector.broadcast %a : !llvm.ptr to vector<4x!llvm.ptr>
    %q = llvm.getelementptr %p[%r] : (vector<4x!llvm.ptr>, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
    %v = llvm.intr.masked.gather %q, %all, %zero {alignment = 4 : i32} : ...
    ```
  }];
  let options = [
    Option<"stackAddressSpace", "stack-address-space", "unsigned", /*default=*/"0",
           "LLVM address space of stack buffers (allocas): the target's "
           "TargetInfo::getStackAddressSpace (5 on AMDGPU)">,
    Option<"chunkLanes", "chunk-lanes", "int64_t", /*default=*/"0",
           "Process wide tiles in pieces of this many lanes: row loops for row-wise "
           "accesses of many rows, chunked 1-D reductions and transposes (0: off; CPUs "
           "use 32, as tilec-strip-mine does)">,
    Option<"prefetch", "prefetch", "bool", /*default=*/"false",
           "Prefetch the rows the next loop iteration loads (row loops, so with "
           "chunk-lanes)">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Width of the target's vector registers (sizes the tl.dot microkernel)">,
    Option<"vectorRegisters", "vector-registers", "int64_t", /*default=*/"32",
           "Number of the target's vector registers (sizes the tl.dot microkernel)">,
    Option<"dotVdpbf16ps", "dot-vdpbf16ps", "bool", /*default=*/"false",
           "bf16 x bf16 -> f32 tl.dot microkernels multiply K pairs with x86's vdpbf16ps "
           "(the CPU has AVX512-BF16 and AVX512-VL)">,
    Option<"dotVpdpbusd", "dot-vpdpbusd", "bool", /*default=*/"false",
           "i8 x i8 -> i32 tl.dot microkernels multiply K quads with x86's vpdpbusd "
           "(the CPU has AVX512-VNNI and AVX512-VL, or AVX-VNNI with 256-bit vectors)">,
  ];
  let dependentDialects = ["::mlir::vector::VectorDialect", "::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect"];
}

def TilecCarryPointerOffsets : Pass<"tilec-carry-pointer-offsets", "mlir::ModuleOp"> {
  let summary = "Loops carry a scalar offset instead of a tile of pointers (CPUs)";
  let description = [{
    `ptrs += BLOCK_K * stride` in a k-loop carries a whole tile of pointers through the
    `scf.for`: thousands of addresses kept, incremented and copied every iteration on a
    CPU. When the increment is uniform (a splatted scalar or a splat constant), the loop
    carries one i64 offset instead, and the body and the loop's users see
    `addptr(init, splat(offset))`: a loop-invariant tile plus a uniform offset, which
    `convert-tile-to-vector` turns into row accesses at a moving base. GPUs keep the
    tile: each thread holds only its few pointers.

    Before:

    ```mlir
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%p = %ptrs) -> (tensor<16x!tile.ptr<f32>>) {
      %v = tile.load %p : tensor<16x!tile.ptr<f32>>
      %next = tile.addptr %p, %splat_step : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
      scf.yield %next : tensor<16x!tile.ptr<f32>>
    }
    ```

    After:

    ```mlir
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%off = %c0_i64) -> (i64) {
      %s = tile.splat %off : i64 -> tensor<16xi64>
      %p = tile.addptr %ptrs, %s : tensor<16x!tile.ptr<f32>>, tensor<16xi64>
      %v = tile.load %p : tensor<16x!tile.ptr<f32>>
      %step64 = arith.extsi %step : i32 to i64
      %next = arith.addi %off, %step64 : i64
      scf.yield %next : i64
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def TilecStripMine : Pass<"tilec-strip-mine", "mlir::ModuleOp"> {
  let summary = "Runs lane-wise chains over wide vectors as loops over register-sized pieces";
  let description = [{
    After `convert-tile-to-vector` on CPUs, a tile of 4096 lanes is one 4096-lane vector,
    and a chain of lane-wise ops on it (loads, arithmetic, compares, selects, stores)
    would be legalized by LLVM into hundreds of registers and spills. Each maximal run
    of lane-wise ops on vectors wider than `chunk-lanes` (a multiple of it) becomes one
    `scf.for` over pieces of `chunk-lanes` lanes: the pieces of a load, of the ops on it
    and of the store are processed together in registers. Values that leave the run go
    through stack buffers, which are then forwarded, sunk into branches or removed
    when only written. Unused ops are erased first.

    Before (`chunk-lanes=32`):

    ```mlir
    %x = llvm.load %px : !llvm.ptr -> vector<128xf32>
    %y = arith.addf %x, %x : vector<128xf32>
    llvm.store %y, %py : vector<128xf32>, !llvm.ptr
    ```

    After:

    ```mlir
    scf.for %lane = %c0 to %c128 step %c32 : i64 {
      %xa = llvm.getelementptr %px[%lane] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %x = llvm.load %xa : !llvm.ptr -> vector<32xf32>
      %y = arith.addf %x, %x : vector<32xf32>
      %ya = llvm.getelementptr %py[%lane] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %y, %ya : vector<32xf32>, !llvm.ptr
    }
    ```
  }];
  let options = [
    Option<"chunkLanes", "chunk-lanes", "int64_t", /*default=*/"32",
           "Lanes of each piece (a power of two; the convert-tile-to-vector option of "
           "the same name)">,
    Option<"maxInterchangedBlocks", "max-interchanged-blocks", "int64_t", /*default=*/"16",
           "Most iterations of a block loop that is interchanged with its piece loop to "
           "keep an accumulator in registers (0: never interchange; CPUs with 512-bit "
           "vectors pass 0)">,
    Option<"prefetchNextProgram", "prefetch-next-program", "bool", /*default=*/"false",
           "Wide loads of a row that the program reads more than once, at an address "
           "computed from program_id(0), also prefetch, piece by piece, the row the next "
           "program reads (address recomputed with program_id + 1; rows of at most 64 KiB; "
           "CPUs, whose threads run consecutive programs)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect", "::mlir::LLVM::LLVMDialect"];
}

def TilecLowerNonTemporalStores : Pass<"tilec-lower-nontemporal-stores", "mlir::ModuleOp"> {
  let summary = "Turns the stores of streaming tile.stores into non-temporal stores (CPUs)";
  let description = [{
    `convert-tile-to-vector` marks the LLVM stores lowered from a `tile.store` with
    `{nontemporal}` or `{stream_min_programs = N}` (set by `tilec-streaming-stores`) with
    `tilec.nontemporal`. With `streaming` (CPUs), a full-vector store becomes a
    non-temporal store: versioned on its address when it is not known to be aligned to
    its width (at most 64 bytes), since a misaligned streaming store is split into small
    ones, and on the grid size when the mark gives a minimum program count. Masked and
    scalar stores stay ordinary. The marks are removed either way, so every pipeline
    runs this pass; GPUs keep ordinary stores.

    Before (`streaming=true`):

    ```mlir
    llvm.store %v, %a {alignment = 4 : i64, tilec.nontemporal} : vector<16xf32>, !llvm.ptr
    ```

    After:

    ```mlir
    %i = llvm.ptrtoint %a : !llvm.ptr to i64
    %low = arith.andi %i, %c63 : i64
    %aligned = arith.cmpi eq, %low, %c0 : i64
    scf.if %aligned {
      llvm.store %v, %a {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr
    } else {
      llvm.store %v, %a {alignment = 4 : i64} : vector<16xf32>, !llvm.ptr
    }
    ```
  }];
  let options = [
    Option<"streaming", "streaming", "bool", /*default=*/"false",
           "Emit non-temporal stores for the marked stores (CPUs); otherwise only drop the "
           "marks">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def ConvertTileToLLVM : Pass<"convert-tile-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lowers program identity and the kernel ABI for one target";
  let description = [{
    Replaces `tile.program_id`/`tile.num_programs` through the target's `TargetInfo` and
    shapes each kernel's ABI. On `cpu` the kernel takes the program ids and grid size as
    trailing arguments and an entry `__tilec_entry_<name>(void **args, const int32_t
    grid[3], int64_t begin, int64_t end)` runs a range of programs; on `nvptx`/`amdgpu`
    the kernel is marked as a GPU kernel and reads the hardware's block ids.

    Before (target=cpu):

    ```mlir
    func.func @k(%a: !llvm.ptr) {
      %pid = tile.program_id 0 : i32
      ...
    }
    ```

    After:

    ```mlir
    func.func private @k(%a: !llvm.ptr, %px: i32, %py: i32, %pz: i32,
                         %gx: i32, %gy: i32, %gz: i32) { ... uses %px ... }
    func.func @__tilec_entry_k(%args: !llvm.ptr, %grid: !llvm.ptr, %begin: i64, %end: i64) {
      scf.for %id = %begin to %end step %c1 : i64 { ... func.call @k(...) }
    }
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"cpu\"",
           "Target whose ABI to produce: cpu, nvptx or amdgpu">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::scf::SCFDialect",
                           "::mlir::func::FuncDialect", "::mlir::arith::ArithDialect",
                           "::mlir::NVVM::NVVMDialect", "::mlir::ROCDL::ROCDLDialect"];
}

def ConvertTileToGPU : Pass<"convert-tile-to-gpu", "mlir::ModuleOp"> {
  let summary = "Lowers tiles with layout encodings to per-thread SIMT code";
  let description = [{
    For each kernel `tilec-assign-layouts` encoded (marked `tilec.simt`), every tile
    becomes, in each thread, the vector of the elements that thread holds under its
    layout. Elementwise ops run on those vectors; `tile.make_range` adds the thread's
    coordinates; loads and stores access each thread's elements, a run of consecutive
    aligned elements with one vector access; `tile.reduce` folds registers, then lanes
    (butterfly shuffles), then warps (shared memory); layout conversions, `tile.trans`
    and `tile.reshape` exchange elements through shared memory between barriers. Thread
    ids, barriers, shuffles and shared memory come from the target's `TargetInfo`, so
    NVPTX, AMDGPU and the SIMT emulator share this lowering.

    Before (`#blocked` has 4 elements per thread, 32 lanes, 4 warps):

    ```mlir
    %r = tile.make_range 0, 1024 : tensor<1024xi32, #blocked>
    %p = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tile.load %p : tensor<1024x!tile.ptr<f32>, #blocked>
    ```

    After:

    ```mlir
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %base = ... (lane * 4 + warp * 128)
    %r = arith.addi %splat_base, %cst_offsets : vector<8xi32>    // offsets 0..3, 512..515
    %p = llvm.getelementptr %ps[%r] : (vector<8x!llvm.ptr>, vector<8xi32>) -> ..., f32
    %v0 = llvm.load %p0 {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"nvptx\"",
           "Target whose TargetInfo provides threads, barriers, shuffles, shared memory">,
    Option<"arch", "arch", "std::string", /*default=*/"\"\"",
           "Processor (it sets the warp size, e.g. wave32 on gfx11)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::scf::SCFDialect",
                           "::mlir::func::FuncDialect", "::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect", "::mlir::NVVM::NVVMDialect",
                           "::mlir::ROCDL::ROCDLDialect"];
}

#endif // TILEC_CONVERSION_PASSES_TD
