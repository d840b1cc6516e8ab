//===- TargetInfo.h - What lowering needs to know about a target -*- C++ -*-===//
//
// Target-independent lowering asks a TargetInfo for program identity, kernel
// ABI, barriers, cross-lane shuffles and shared memory, as Triton's
// TargetInfoBase does. CPU, NVPTX and AMDGPU implement it in lib/Target/<T>/.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TARGET_TARGETINFO_H
#define TILEC_TARGET_TARGETINFO_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace tilec {

/// CPU: one host thread runs a program with vectors. NVPTX/AMDGPU: a block of
/// SIMT threads runs it. SIMT: the GPU lowering compiled for the host and run
/// by the runtime's SIMT emulator (one fiber per thread).
/// Unit attribute of the kernels that tilec-assign-layouts gave layouts and
/// convert-tile-to-gpu distributes over threads; convert-tile-to-llvm refuses
/// GPU kernels without it.
inline constexpr llvm::StringLiteral kSIMTLoweredAttr = "tilec.simt";
/// Integer attribute (bytes) of the kernels whose shared memory is dynamic
/// (NVPTX above 48 KiB): each launch must provide that many bytes. Code
/// generation records it in the module image (`shared_mem`) and, in PTX text,
/// as a line `// tilec.dynamic_shared_memory KERNEL BYTES`.
inline constexpr llvm::StringLiteral kDynamicSharedMemoryAttr = "tilec.dynamic_shared_memory";
/// i64 attribute (bytes, a multiple of 128) of the kernels that use global
/// scratch memory, as Triton 3.x's `global_scratch` (e.g. TMA descriptors
/// built at run time): every program of a launch owns that many bytes of one
/// buffer the runtime passes as the kernel's parameter after its own
/// (TargetInfo::getGlobalScratchArgument). Code generation records it in the
/// module image (`global_scratch B`, runtime/include/tilec/module_format.h)
/// and, in PTX text, as a line `// tilec.global_scratch_bytes KERNEL BYTES`.
inline constexpr llvm::StringLiteral kGlobalScratchAttr = "tilec.global_scratch_bytes";

enum class TargetKind { CPU, NVPTX, AMDGPU, SIMT };

/// What a loadable module image of a target carries (its `payload` line).
enum class ModulePayload {
  SharedObject, ///< A linked host shared object (`so`): CPU, SIMT.
  PTX,          ///< PTX text that the CUDA driver compiles at load (`ptx`).
  HSACO,        ///< A linked AMDGPU code object (`hsaco`).
};

/// The LLVM processor a target compiles for, and the features tilec adds to
/// the user's (`--features`).
struct LLVMProcessor {
  std::string cpu;
  std::string features;
};

/// A wgmma operand in shared memory, in the terms of the PTX ISA's matrix
/// descriptor: `start` is the shared pointer of its first element; it is
/// K-major (rows of M or N, K contiguous) unless `mnMajor`; `swizzleBytes`
/// (0 for none, 32, 64 or 128) is its swizzle mode, and `leadingBytes` and
/// `strideBytes` are the descriptor's leading and stride byte offsets.
struct WarpgroupMmaOperand {
  mlir::Value start;
  bool mnMajor = false;
  unsigned swizzleBytes = 0;
  uint64_t leadingBytes = 0, strideBytes = 0;
  /// Triton's fp8 format of i8 elements ("fp8e4nv": .e4m3, "fp8e5": .e5m2),
  /// empty for other elements.
  llvm::StringRef fp8;
};

/// The threads an atomic access synchronizes with (Triton's `scope`): those
/// of its program ("cta"), of the device ("gpu"), or the whole system ("sys").
enum class AtomicScope { Program, Device, System };

class TargetInfo {
public:
  virtual ~TargetInfo();

  virtual TargetKind getKind() const = 0;
  /// The LLVM target triple, e.g. "x86_64-unknown-linux-gnu".
  virtual std::string getTriple(llvm::StringRef arch) const = 0;
  /// The arch used when none is given ("native", "sm_80", "gfx942").
  virtual std::string getDefaultArch() const = 0;
  /// Whether `arch` names a processor of this target.
  virtual bool isValidArch(llvm::StringRef arch) const = 0;
  /// What a valid `arch` looks like, for error messages ("sm_NN, e.g.
  /// sm_80"); empty when any name is accepted.
  virtual std::string getArchSyntax() const { return ""; }

  //===--------------------------------------------------------------------===//
  // Code generation and loading, used by the pipeline's back end (Codegen.cpp)
  // and the driver.
  //===--------------------------------------------------------------------===//

  /// The LLVM processor and the features tilec adds for `arch` (e.g. sm_80
  /// and the PTX version; the host's CPU and features where the code runs on
  /// this host).
  virtual LLVMProcessor getLLVMProcessor(llvm::StringRef arch) const = 0;
  /// LLVM back-end options (`name=value`, as after `-mllvm`) this target's
  /// code generation sets before its target machine is created. They are
  /// process-wide, so they must only concern this target's back end (NVPTX:
  /// 32-bit shared-memory pointers).
  virtual llvm::ArrayRef<llvm::StringRef> getLLVMBackendOptions() const { return {}; }
  /// Whether code for `arch` depends on the CPU of the compiling host (its
  /// processor name and features), so caches must key on them.
  virtual bool dependsOnHostCPU(llvm::StringRef arch) const { return false; }
  /// Whether the code runs on a host CPU thread (CPU, SIMT emulator): it links
  /// libm and the soft-float helpers, and its image records its features.
  virtual bool runsOnHost() const { return false; }
  /// The runtime driver that loads this target's modules ("cpu", "cuda",
  /// "hip", "simt"), the first word of an image's `target` line.
  virtual llvm::StringRef getRuntimeDriver() const = 0;
  /// The processor word of an image's `target` line for `arch` (the CPU
  /// records the triple's architecture, e.g. x86_64).
  virtual std::string getRuntimeArch(llvm::StringRef arch) const { return arch.str(); }
  /// What a loadable module image of this target carries.
  virtual ModulePayload getModulePayload() const = 0;
  /// The `arch` to compile for a runtime device of this target's driver that
  /// reports `deviceArch` (the CPU compiles for its own host: "native").
  virtual std::string getArchForDevice(llvm::StringRef deviceArch) const {
    return deviceArch.str();
  }
  /// Whether `tilec run` and checked Python launches can instrument this
  /// target's accesses with bounds checks (Pipeline/BoundsChecks.cpp).
  virtual bool supportsBoundsChecks() const { return false; }
  /// Whether math functions without a native lowering call NVIDIA's libdevice,
  /// linked from bitcode when it is found (tilec-expand-math's `libdevice`).
  virtual bool usesLibdevice() const { return false; }

  /// Rewrites `kernel`'s signature and attributes into the target's kernel ABI
  /// (e.g. the CPU appends program ids and the grid size as arguments). Called
  /// once per kernel before program ids are queried.
  virtual void prepareKernel(mlir::func::FuncOp kernel) const = 0;
  /// How many arguments prepareKernel appends after the user's parameters
  /// (host targets: program ids, grid size, thread context).
  virtual unsigned getNumABIArguments() const { return 0; }
  /// Index of the running program along `axis`, as an i32.
  virtual mlir::Value getProgramId(mlir::OpBuilder &b, mlir::Location loc,
                                   mlir::func::FuncOp kernel, int axis) const = 0;
  /// Grid size along `axis`, as an i32.
  virtual mlir::Value getNumPrograms(mlir::OpBuilder &b, mlir::Location loc,
                                     mlir::func::FuncOp kernel, int axis) const = 0;
  /// A monotonic i64 timestamp in nanoseconds, comparable between the programs
  /// of a launch (tile.global_timer). The default reads the host's
  /// CLOCK_MONOTONIC through the C library's clock_gettime (host targets);
  /// reports an error at `loc` and returns null where that is impossible.
  virtual mlir::Value getGlobalTimer(mlir::OpBuilder &b, mlir::Location loc,
                                     mlir::func::FuncOp kernel) const;
  /// Adds whatever the runtime needs to call `kernel` (the CPU's entry point).
  virtual void finalizeKernel(mlir::ModuleOp module, mlir::func::FuncOp kernel) const = 0;
  /// Marks the translated LLVM function of a kernel as a kernel entry (GPU
  /// calling conventions) for `arch` that runs `threadsPerBlock` threads per
  /// program; `fn` is null when the kernel has no function.
  virtual void markLLVMKernel(llvm::Function *fn, llvm::StringRef arch,
                              unsigned threadsPerBlock) const = 0;

  //===--------------------------------------------------------------------===//
  // SIMT hooks, used by convert-tile-to-gpu. `kernel` is the function being
  // lowered (targets that pass thread state as arguments read it from there).
  //===--------------------------------------------------------------------===//

  /// Whether the LLVM back end lowers f32 exp, exp2, log, log2 and log10 to
  /// instructions by itself, so tilec-expand-math keeps them (AMDGPU).
  virtual bool lowersExpLogNatively() const { return false; }
  /// Whether the kernel's f32 `exp(x)` is computed as `exp2(x * log2(e))`,
  /// as Triton lowers `tl.exp` on GPUs (NVIDIA: `ex2.approx`, AMD:
  /// `v_exp_f32`): one multiply and one instruction instead of an
  /// extended-precision reduction, for a relative error of about |x| * 2^-24.
  virtual bool computesExpAsExp2() const { return false; }
  /// Whether code generation splits vector arithmetic into scalars after
  /// LLVM's optimizations (GPUs: a thread's vector is a group of registers,
  /// and scalar chains let the instruction scheduler finish one element's
  /// work before starting the next). Vector loads and stores stay whole.
  virtual bool scalarizesBeforeCodegen() const { return false; }
  /// Prints from the calling thread: C `printf(format, args...)`, with
  /// `format` an `!llvm.ptr` to a constant C string and `args` already
  /// promoted as C varargs promote them (i32, i64, f64, pointers). The default
  /// calls the C library's printf (host targets). Reports an error at `loc`
  /// and fails where the target cannot print.
  virtual mlir::LogicalResult emitPrintf(mlir::OpBuilder &b, mlir::Location loc,
                                         mlir::Value format, mlir::ValueRange args) const;
  /// Reports a failed `tl.device_assert` of `kernel` (its message and the
  /// source file and line) from the calling thread, and stops the program.
  /// The default calls the runtime's hook through kAssertHookSymbol, and
  /// `abort` when no runtime installed one (host targets).
  virtual mlir::LogicalResult emitAssertFailure(mlir::OpBuilder &b, mlir::Location loc,
                                                mlir::func::FuncOp kernel,
                                                llvm::StringRef message, llvm::StringRef file,
                                                unsigned line) const;

  /// Threads that execute in lock-step on `arch` (1 on CPUs).
  virtual unsigned getWarpSize(llvm::StringRef arch) const = 0;
  /// Index of the calling thread within its program, as an i32.
  virtual mlir::Value getThreadId(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::func::FuncOp kernel) const = 0;
  /// Synchronizes the threads of one program and orders their shared-memory
  /// accesses.
  virtual void barrier(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::func::FuncOp kernel) const = 0;
  /// The i32 `value` of lane `laneId ^ laneMask` of the caller's warp.
  virtual mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::func::FuncOp kernel, mlir::Value value,
                                 int laneMask) const = 0;
  /// The i32 `value` of lane `srcLane` (an i32 below the warp size).
  virtual mlir::Value shuffleIdx(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::func::FuncOp kernel, mlir::Value value,
                                 mlir::Value srcLane) const = 0;
  /// LLVM address space of memory shared by one program's threads.
  virtual unsigned getSharedAddressSpace() const = 0;
  /// LLVM address space of the global memory kernel pointers point to (0,
  /// generic, unless the target has a dedicated one).
  virtual unsigned getGlobalAddressSpace() const { return 0; }
  /// LLVM address space of stack slots (`llvm.alloca`): 0 unless the target's
  /// data layout puts allocas elsewhere (AMDGPU: 5, private memory).
  virtual unsigned getStackAddressSpace() const { return 0; }
  /// Base address of `kernel`'s shared memory (an `!llvm.ptr` in the shared
  /// address space, 16-byte aligned). The default is a module-level array
  /// `__tilec_smem_<kernel>` in that address space, sized by setSharedMemorySize.
  virtual mlir::Value getSharedMemoryBase(mlir::OpBuilder &b, mlir::Location loc,
                                          mlir::func::FuncOp kernel) const;
  /// Bytes of shared memory one program may use on `arch` (unlimited where
  /// the emulator or the CPU allocates it).
  virtual uint64_t getSharedMemoryLimit(llvm::StringRef arch) const { return UINT64_MAX; }
  /// Records that `kernel` uses `bytes` bytes of shared memory from its base;
  /// called once per kernel after lowering.
  virtual void setSharedMemorySize(mlir::func::FuncOp kernel, uint64_t bytes) const;
  /// Records that each program of `kernel` uses `bytes` bytes (a multiple of
  /// 128) of global scratch memory (kGlobalScratchAttr), and gives `kernel`
  /// its scratch parameter (getGlobalScratchArgument) if it has none yet.
  void setGlobalScratchSize(mlir::func::FuncOp kernel, uint64_t bytes) const;
  /// Bytes of global scratch memory per program of `kernel` (0: none).
  static uint64_t getGlobalScratchSize(mlir::func::FuncOp kernel);
  /// The pointer (in the global address space) to the launch's global
  /// scratch buffer: a parameter after `kernel`'s own and before the target's
  /// ABI arguments, added by the first call (which marks `kernel` with
  /// kGlobalScratchAttr = 0 until setGlobalScratchSize). The runtime passes
  /// it as the argument after the user's (module_format.h, `global_scratch`).
  mlir::Value getGlobalScratchArgument(mlir::func::FuncOp kernel) const;
  /// The running program's bytes of the global scratch buffer: the
  /// argument plus ((z * grid_y + y) * grid_x + x) * getGlobalScratchSize
  /// (set the final size first: it is the stride between programs).
  mlir::Value getGlobalScratchSlot(mlir::OpBuilder &b, mlir::Location loc,
                                   mlir::func::FuncOp kernel) const;
  /// Loads a `type` (a scalar, or a vector of consecutive elements) from global
  /// memory at `ptr` when the i1 `enabled` holds, and yields `fallback` (of
  /// `type`) otherwise; `alignment` is the access's alignment in bytes. The
  /// default branches around the load. Targets override it with branch-free
  /// code (predicated or redirected loads), so that the back end keeps many
  /// loads in flight without a register set per branch.
  virtual mlir::Value maskedLoadGlobal(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type,
                                       mlir::Value ptr, mlir::Value enabled, mlir::Value fallback,
                                       unsigned alignment) const;
  /// Checks, where the target can, that a global access of `bytes` bytes at
  /// `ptr` (made where the i1 `enabled` holds; always when it is null) is
  /// aligned to `bytes`, as GPUs require of vector accesses (a misaligned one
  /// faults there). Nothing by default; the SIMT emulator fails the launch.
  virtual void checkGlobalAccess(mlir::OpBuilder &b, mlir::Location loc, mlir::Value ptr,
                                 unsigned bytes, mlir::Value enabled) const {}
  /// Stores `value` to global memory at `ptr` when the i1 `enabled` holds. The
  /// default branches around the store.
  virtual void maskedStoreGlobal(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                                 mlir::Value ptr, mlir::Value enabled, unsigned alignment) const;
  /// Loads a `type` from shared memory at `ptr` (the emulator checks bounds).
  virtual mlir::Value loadShared(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::func::FuncOp kernel, mlir::Type type,
                                 mlir::Value ptr) const;
  /// Stores `value` to shared memory at `ptr` (the emulator checks bounds).
  virtual void storeShared(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                           mlir::Value value, mlir::Value ptr) const;
  /// Atomically adds the integer `value` to the one of its type at `ptr` in
  /// shared memory, relaxed (tile.histogram's counts); the emulator checks
  /// bounds. The default is an `llvm.atomicrmw add`.
  virtual void atomicAddShared(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                               mlir::Value value, mlir::Value ptr) const;
  /// The LLVM synchronization scope (`syncscope`) of global atomics at
  /// `scope`; empty is LLVM's default, the whole system. The default is empty
  /// for every scope (host targets: a launch's programs are host threads).
  virtual llvm::StringRef getAtomicSyncScope(AtomicScope scope) const { return ""; }
  /// Whether the LLVM back end drops the memory ordering of `atomicrmw` (NVPTX
  /// in LLVM 22 emits each one as a relaxed `atom`), so that an ordered
  /// read-modify-write must be a monotonic one between fences.
  virtual bool dropsAtomicRMWOrdering() const { return false; }

  //===--------------------------------------------------------------------===//
  // Tensor cores, used by tilec-assign-layouts and convert-tile-to-gpu.
  //===--------------------------------------------------------------------===//

  /// The `input_precision` of a `tile.dot` with fp32 operands that gives none,
  /// as Triton's `default_dot_input_precision`: "tf32" where fp32 dots run on
  /// NVIDIA tensor cores, "ieee" elsewhere (the default).
  virtual llvm::StringRef getDefaultDotInputPrecision(llvm::StringRef arch) const;
  /// Whether `arch` has the warp-wide `mma.sync.aligned.m16n8k<K>.row.col` for
  /// `operand` elements (A and B) and `acc` accumulators, with K = 256 / the
  /// operand's bit width (none by default): m16n8k16 for f16 or bf16 and f32,
  /// m16n8k8 `.tf32` for f32 and f32, m16n8k32 `.s8` for i8 and i32.
  virtual bool hasMmaSync(llvm::StringRef arch, mlir::Type operand, mlir::Type acc) const;
  /// Whether `arch` has an `mma.sync.aligned.m16n8k32.row.col.f32` for fp8
  /// operands of formats `a` and `b` (Triton's dtype names, tile/FP8.h: A in
  /// `a`, B in `b`) with f32 accumulators (none by default).
  virtual bool hasFP8MmaSync(llvm::StringRef arch, llvm::StringRef a, llvm::StringRef b) const;
  /// One such fp8 `mma.sync` (K = 32): `a` (`vector<16 x i8>`, four
  /// registers), `bOperand` (`vector<8 x i8>`, two registers) and `c`
  /// (`vector<4 x f32>`) are the calling lane's fragments in the PTX ISA's
  /// order, as for s8; returns d. Products are exact, sums in f32. Every lane
  /// of the warp must execute it. Called only where hasFP8MmaSync holds.
  virtual mlir::Value fp8MmaSync(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                                 llvm::StringRef aFormat, llvm::StringRef bFormat, mlir::Value a,
                                 mlir::Value bOperand, mlir::Value c) const;
  /// One such `mma.sync`: with w = 32 / the operand's bit width elements per
  /// 32-bit register, `a` (`vector<4w x T>`: a0.., four registers), `b`
  /// (`vector<2w x T>`, two registers) and `c` (`vector<4 x f32>` or
  /// `vector<4 x i32>`: c0..c3) are the calling lane's fragments in the PTX
  /// ISA's order; returns d (like c). f32 operands are rounded to tf32 (to
  /// nearest, ties away from zero, as `cvt.rna.tf32.f32`) and multiplied as
  /// tf32; i8 ones are signed, and the i32 sums wrap. Every lane of the warp
  /// must execute it. Called only where hasMmaSync holds.
  virtual mlir::Value mmaSync(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                              mlir::Value a, mlir::Value bOperand, mlir::Value c) const;
  /// Whether `arch` has the warp-wide `ldmatrix.sync.aligned.m8n8.b16` that
  /// loads mma.sync fragments from shared memory (none by default).
  virtual bool hasLoadMatrix(llvm::StringRef arch) const;
  /// One `ldmatrix.sync.aligned.m8n8.x<count>[.trans].shared.b16` (`count` 1,
  /// 2 or 4): lane `8 * j + r` gives in `rowBase + byteOffset` (a shared-memory
  /// pointer plus a constant, 16-byte aligned) the address of row r of 8x8
  /// matrix j, eight consecutive 16-bit elements; lanes from `8 * count` on
  /// give none that is used. The constant lets a target address many loads
  /// from one register (NVPTX: an immediate offset). Returns
  /// the calling lane's `vector<2 * count x elem>` (`elem` a 16-bit type):
  /// elements `2j, 2j+1` are row `lane / 4`, columns `2 * (lane % 4)` and
  /// `2 * (lane % 4) + 1` of matrix j, or with `transpose` rows `2 * (lane %
  /// 4)`, `2 * (lane % 4) + 1` of column `lane / 4`. Every lane of the warp
  /// must execute it. Called only where hasLoadMatrix holds.
  virtual mlir::Value loadMatrix(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::func::FuncOp kernel, mlir::Value rowBase,
                                 int64_t byteOffset, mlir::Type elem, unsigned count,
                                 bool transpose) const;
  /// Whether `arch` has warpgroup MMA, `wgmma.mma_async.sync.aligned.m64nNk16`
  /// with both operands in shared memory, for `operand` elements and `acc`
  /// accumulators (none by default): f16, bf16 or f32 (read as tf32) with f32.
  virtual bool hasWarpgroupMma(llvm::StringRef arch, mlir::Type operand, mlir::Type acc) const;
  /// Whether `arch` has `wgmma.mma_async.sync.aligned.m64nNk32.f32.<A>.<B>`
  /// for fp8 operands of formats `a` and `b` (Triton's dtype names; both
  /// K-major) with f32 accumulators (none by default). warpgroupMma then
  /// takes them as i8 `operand`s whose WarpgroupMmaOperand::fp8 names them.
  virtual bool hasFP8WarpgroupMma(llvm::StringRef arch, llvm::StringRef a, llvm::StringRef b) const;
  /// Before a warpgroup's wgmmas: makes the program's earlier shared-memory
  /// writes visible to them (`fence.proxy.async`) and orders the accumulator
  /// registers (`wgmma.fence`). Called only where hasWarpgroupMma holds.
  virtual void warpgroupMmaFence(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::func::FuncOp kernel) const;
  /// One `wgmma.mma_async.sync.aligned.m64nNkK.f32.<T>.<T>` (N = `n`, 8 to 256
  /// in steps of 8; T the `operand` type, K = 16, or 8 for f32 read as tf32:
  /// the top 19 bits, both operands K-major) with A (64 x K) and B (K x N) in
  /// shared memory as `a` and `bOperand` describe them, and `acc`
  /// (`vector<N/2 x f32>`) the calling thread's accumulators (with warp w and
  /// lane l of the warpgroup, register 4j + i is D[16w + l/4 + 8(i/2)][8j +
  /// 2(l%4) + i%2]); returns D = A * B + acc. Every thread of the warpgroup
  /// must execute it, between warpgroupMmaFence and warpgroupMmaWait.
  virtual mlir::Value warpgroupMma(mlir::OpBuilder &b, mlir::Location loc,
                                   mlir::func::FuncOp kernel, mlir::Type operand,
                                   const WarpgroupMmaOperand &a,
                                   const WarpgroupMmaOperand &bOperand, mlir::Value acc,
                                   unsigned n) const;
  /// After a warpgroup's wgmmas: commits those issued since the last commit
  /// as one group (`wgmma.commit_group`).
  virtual void warpgroupMmaCommit(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::func::FuncOp kernel) const;
  /// Waits until at most `pendings` of the warpgroup's committed groups are
  /// in flight (`wgmma.wait_group`), so that the others' operands may be
  /// overwritten; returns `accumulators` (vectors of the thread's
  /// accumulator registers) as the wait leaves them: the finished sums of
  /// the completed groups, which may be read once `pendings` is 0. On
  /// NVIDIA the registers are tied through the wait, so nothing reads them
  /// before it.
  virtual llvm::SmallVector<mlir::Value> warpgroupMmaWait(mlir::OpBuilder &b, mlir::Location loc,
                                                          mlir::func::FuncOp kernel,
                                                          unsigned pendings,
                                                          mlir::ValueRange accumulators) const;
  /// Whether `arch` has the wave-wide (64 lanes) AMD matrix instruction with
  /// `nonK` x `nonK` accumulator blocks for `operand` elements (A and B) and
  /// `acc` accumulators (none by default): with f32 accumulators
  /// `v_mfma_f32_32x32x8` / `16x16x16` for f16 or bf16 (as `_bf16_1k`),
  /// `v_mfma_f32_32x32x2f32` / `16x16x4f32` for f32; with i32 accumulators
  /// `v_mfma_i32_32x32x16_i8` / `16x16x32_i8` for i8.
  virtual bool hasMfma(llvm::StringRef arch, unsigned nonK, mlir::Type operand,
                       mlir::Type acc) const;
  /// Whether `arch` has a wave-wide fp8 MFMA with `nonK` x `nonK` blocks and
  /// f32 accumulators for operands of formats `a` and `b` (Triton's dtype
  /// names, tile/FP8.h) (none by default): on CDNA3 (gfx940-gfx942)
  /// `v_mfma_f32_32x32x16_<a>_<b>` / `16x16x32`, fp8 = e4m3fnuz
  /// (`fp8e4b8`), bf8 = e5m2fnuz (`fp8e5b16`), any pair.
  virtual bool hasFP8Mfma(llvm::StringRef arch, unsigned nonK, llvm::StringRef a,
                          llvm::StringRef b) const;
  /// One such fp8 MFMA: as mfma with w = 8 (`a`, `bOperand`: `vector<8 x
  /// i8>`, the fp8 bytes of A in format `aFormat` and of B in `bFormat`) and
  /// f32 accumulators. Products are exact, sums in f32. Called only where
  /// hasFP8Mfma holds.
  virtual mlir::Value fp8Mfma(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                              unsigned nonK, llvm::StringRef aFormat, llvm::StringRef bFormat,
                              mlir::Value a, mlir::Value bOperand, mlir::Value c) const;
  /// One such MFMA, with g = 64 / nonK lane groups, w = 4 (16-bit), 1 (f32) or
  /// 8 (i8) elements per lane and K = wg: `a` (`vector<w x T>`:
  /// A[l % nonK][w * (l / nonK) + i]), `b` (`vector<w x T>`: B[w * (l / nonK) +
  /// i][l % nonK]) and `c` (`vector<R x f32>` or `vector<R x i32>`, R = nonK *
  /// nonK / 64: C[4g * (r / 4) + 4 * (l / nonK) + r % 4][l % nonK]) are lane
  /// l's registers per AMD's CDNA3 ISA; returns d (like c). i8 operands are
  /// signed. Every lane of the wave must execute it. Called only where hasMfma
  /// holds.
  virtual mlir::Value mfma(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                           unsigned nonK, mlir::Value a, mlir::Value bOperand,
                           mlir::Value c) const;

  //===--------------------------------------------------------------------===//
  // Asynchronous copies, used by tilec-pipeline-loops and convert-tile-to-gpu.
  //===--------------------------------------------------------------------===//

  /// Whether `arch` copies from global to shared memory asynchronously, in
  /// groups a thread commits and waits for (`cp.async`, sm_80+; none by
  /// default). Software pipelining (`num_stages`) needs it.
  virtual bool hasAsyncCopy(llvm::StringRef arch) const;
  /// Starts copying `bytes` (4, 8 or 16) bytes from `src` (global memory) to
  /// `dst` (shared memory), both aligned to `bytes`; where the i1 `enabled` is
  /// false, `dst` gets zeros and `src` is not read. Called only where
  /// hasAsyncCopy holds.
  virtual void asyncCopy(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                         mlir::Value dst, mlir::Value src, unsigned bytes,
                         mlir::Value enabled) const;
  /// Makes the calling thread's copies since its last commit one group.
  virtual void asyncCommitGroup(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::func::FuncOp kernel) const;
  /// Waits until at most `pending` of the calling thread's committed groups
  /// are in flight (no barrier).
  virtual void asyncWaitGroup(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                              unsigned pending) const;

  //===--------------------------------------------------------------------===//
  // Copy-engine (TMA) copies and mbarriers, used by tilec-pipeline-loops and
  // convert-tile-to-gpu (Tma.cpp). One thread calls the map, copy, init and
  // arrive hooks; every thread calls the wait.
  //===--------------------------------------------------------------------===//

  /// Whether `arch` copies boxes of 2-D tensors from global to shared memory
  /// with a copy engine, counted by mbarriers (Hopper's TMA; none by default).
  virtual bool hasTensorMemoryAccelerator(llvm::StringRef arch) const { return false; }
  /// The fields of a copy-engine descriptor, dimension 0 the contiguous one.
  struct TensorMapFields {
    mlir::Value base;                     ///< Global pointer, 16-byte aligned.
    llvm::SmallVector<mlir::Value> sizes; ///< i64 elements per dimension.
    /// i64 byte strides of dimensions 1 and up (multiples of 16).
    llvm::SmallVector<mlir::Value> byteStrides;
    llvm::SmallVector<int64_t> box; ///< Box elements per dimension.
    mlir::Type element;
    int64_t swizzle; ///< 0, 32, 64 or 128 bytes.
    bool nanFill;    ///< Elements outside the tensor read as NaN, else 0.
  };
  /// Writes the descriptor `fields` give at `map` (128 bytes of global
  /// memory, 128-byte aligned), ready for tmaLoad on the calling thread.
  virtual void encodeTensorMap(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                               mlir::Value map, const TensorMapFields &fields) const;
  /// Starts copying the box of `map` whose first element is at the i32
  /// `coords` (dimension 0 first) to `dst` (shared, aligned to the swizzle's
  /// repeat), its bytes counted by the mbarrier at `barrier` (shared).
  virtual void tmaLoad(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                       mlir::Value map, mlir::ValueRange coords, mlir::Value dst,
                       mlir::Value barrier) const;
  /// Writes the box of `map` whose first element is at the i32 `coords`
  /// (dimension 0 first) from `src` (shared, 128-byte aligned, laid out as
  /// tmaLoad lands a box) to global memory, skipping elements outside the
  /// tensor, and waits until `src` has been read.
  virtual void tmaStore(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                        mlir::Value map, mlir::ValueRange coords, mlir::Value src) const;
  /// Orders the calling thread's earlier shared-memory writes before the copy
  /// engine's reads of them (a barrier must follow before a tmaStore).
  virtual void asyncProxyFence(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::func::FuncOp kernel) const;
  /// Initializes the mbarrier at `barrier` (shared) for `count` arrivals.
  virtual void mbarrierInit(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                            mlir::Value barrier, unsigned count) const;
  /// Expects the i32 `bytes` more transaction bytes in the current phase of
  /// the mbarrier at `barrier`, then arrives.
  virtual void mbarrierArriveExpectTx(mlir::OpBuilder &b, mlir::Location loc,
                                      mlir::func::FuncOp kernel, mlir::Value barrier,
                                      mlir::Value bytes) const;
  /// Invalidates the mbarrier at `barrier` (no phase pending, no waiter).
  virtual void mbarrierInval(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                             mlir::Value barrier) const;
  /// Waits until the phase of parity `phase` (i32) of the mbarrier at
  /// `barrier` has completed.
  virtual void mbarrierWait(mlir::OpBuilder &b, mlir::Location loc, mlir::func::FuncOp kernel,
                            mlir::Value barrier, mlir::Value phase) const;
};

/// Name of the module global the host runtimes (cpu, simt) point at their
/// assertion hook: `void hook(const char *message, const char *file, int32_t
/// line, const char *function, int32_t pidX, int32_t pidY, int32_t pidZ)`.
inline constexpr llvm::StringLiteral kAssertHookSymbol = "__tilec_assert_hook";

/// The address (an `!llvm.ptr`) of a new internal constant global holding
/// `text` and a terminating NUL, named `__tilec_str_<n>` in `module`.
mlir::Value createGlobalCString(mlir::OpBuilder &b, mlir::Location loc, mlir::ModuleOp module,
                                llvm::StringRef text);

/// Calls `info.prepareKernel(kernel)` unless it already ran on `kernel` (both
/// convert-tile-to-gpu and convert-tile-to-llvm need the kernel ABI).
void prepareKernelOnce(const TargetInfo &info, mlir::func::FuncOp kernel);

/// `v` (f32, or a vector or tensor of f32) rounded to tf32 as
/// `cvt.rna.tf32.f32` does: to nearest at 10 mantissa bits, ties away from
/// zero, in integer operations on its bits; infinities and NaNs unchanged.
mlir::Value roundToTF32(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);

/// Returns the TargetInfo for "cpu", "nvptx", "amdgpu" or "simt"; null if unknown.
std::unique_ptr<TargetInfo> createTargetInfo(llvm::StringRef target);

/// The names createTargetInfo knows, in a fixed order.
llvm::ArrayRef<llvm::StringLiteral> getTargetNames();

/// The host's LLVM processor and every feature it has ("+avx2,+fma,...").
LLVMProcessor getHostProcessor();

} // namespace tilec

#endif // TILEC_TARGET_TARGETINFO_H
