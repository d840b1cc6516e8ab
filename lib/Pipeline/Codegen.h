//===- Codegen.h - Internal helpers of the pipeline's back end ---*- C++ -*-===//
#ifndef TILEC_LIB_PIPELINE_CODEGEN_H
#define TILEC_LIB_PIPELINE_CODEGEN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"

namespace llvm {
class TargetMachine;
} // namespace llvm

#include <string>

namespace tilec {
struct PipelineOptions;
} // namespace tilec

namespace tilec::detail {

/// Width and number of the vector registers code for a CPU target uses.
struct VectorRegisters {
  unsigned bits = 128;
  unsigned count = 16;
  /// x86 dot-product instructions the tl.dot microkernel may use on them:
  /// `vdpbf16ps` (bf16 pairs into f32) and `vpdpbusd` (u8 x s8 quads into i32).
  bool dotVdpbf16ps = false;
  bool dotVpdpbusd = false;
};

/// The vector registers of `options`' CPU (the host's for arch "native"):
/// 512 x 32 with AVX-512, 256 x 16 with AVX, 128 x 32 on AArch64 (NEON); with
/// AVX512-VL, `vdpbf16ps` where it has AVX512-BF16 and `vpdpbusd` where it
/// has AVX512-VNNI (or, at 256 bits, AVX-VNNI).
VectorRegisters getCPUVectorRegisters(const PipelineOptions &options);

/// Links one relocatable ELF object into a shared object (CPU .so or AMDGPU
/// HSACO) with lld, in process. Returns the linked bytes.
llvm::Expected<std::string> linkSharedObject(llvm::StringRef object);

/// The module global through which the runtime passes a bounds-checked
/// launch's extents: a pointer to {base, end} (uint64 each) per kernel
/// parameter, null when the launch is not checked.
inline constexpr const char *kBoundsTableSymbol = "__tilec_bounds";
/// The module global holding `void (*)(uint32_t param, int64_t offset,
/// uint64_t bytes, uint32_t isStore)`, called for each access found outside
/// its parameter's extent (param UINT32_MAX: outside every pointer parameter;
/// offset is then the address).
inline constexpr const char *kBoundsHookSymbol = "__tilec_bounds_hook";

/// Checked mode (see BoundsChecks.cpp): guards every memory access of each
/// kernel (name, number of parameters) against its parameter's extent.
void insertBoundsChecks(llvm::Module &module,
                        llvm::ArrayRef<std::pair<std::string, unsigned>> kernels);

/// The pointer parameters (indices below `numParams`) that `fn` may store
/// through, atomics included: those a store's address may be derived from,
/// and every pointer parameter when some store's address has another origin
/// (a loaded or integer-made pointer). Stack buffers do not count.
std::vector<unsigned> storedParams(llvm::Function &fn, unsigned numParams);

/// Narrows each vector recurrence of `fn` (a loop-carried vector phi and the
/// lane-wise instructions of its cycle) that is read only through
/// constant-index extracts to the lanes read (NarrowLoopVectors.cpp). Returns
/// how many it narrowed.
unsigned narrowLoopCarriedVectors(llvm::Function &fn);

/// Runs the module pipeline `build` makes on `module`, with `tm`'s cost model
/// and fresh analysis managers.
void runModulePasses(llvm::Module &module, llvm::TargetMachine &tm,
                     const llvm::PipelineTuningOptions &tuning,
                     llvm::function_ref<llvm::ModulePassManager(llvm::PassBuilder &)> build);

/// Splits the vector arithmetic of `module`'s functions into scalars (loads
/// and stores stay vectors) and computes each address just before its first
/// use, for GPU back ends (ScalarizeForGPU.cpp).
void prepareForGPUCodegen(llvm::Module &module, llvm::TargetMachine &tm);

/// Defines, hidden in `module`, the compiler-rt fp64 -> fp16/bf16 truncation
/// calls that LLVM emits for x86 CPUs (tilec's shared objects import nothing).
void defineSoftFloatHelpers(llvm::Module &module);

} // namespace tilec::detail

#endif // TILEC_LIB_PIPELINE_CODEGEN_H
