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
           "LLVM address space of stack buffers (allocas); 5 on AMDGPU">,
    Option<"chunkLanes", "chunk-lanes", "int64_t", /*default=*/"0",
           "Strip-mine lane-wise chains and 1-D reductions over vectors wider than this "
           "many lanes into loops over pieces of this many lanes (0: off; CPUs use 32)">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Width of the target's vector registers (sizes the tl.dot microkernel)">,
    Option<"vectorRegisters", "vector-registers", "int64_t", /*default=*/"32",
           "Number of the target's vector registers (sizes the tl.dot microkernel)">,
  ];
  let dependentDialects = ["::mlir::vector::VectorDialect", "::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect"];
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
