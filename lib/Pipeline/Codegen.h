//===- Codegen.h - Internal helpers of the pipeline's back end ---*- C++ -*-===//
#ifndef TILEC_LIB_PIPELINE_CODEGEN_H
#define TILEC_LIB_PIPELINE_CODEGEN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <string>

namespace tilec {
struct PipelineOptions;
} // namespace tilec

namespace tilec::detail {

/// Width and number of the vector registers code for a CPU target uses.
struct VectorRegisters {
  unsigned bits = 128;
  unsigned count = 16;
};

/// The vector registers of `options`' CPU (the host's for arch "native"):
/// 512 x 32 with AVX-512, 256 x 16 with AVX, 128 x 32 on AArch64 (NEON).
VectorRegisters getCPUVectorRegisters(const PipelineOptions &options);

/// Links one relocatable ELF object into a shared object (CPU .so or AMDGPU
/// HSACO) with lld, in process. Returns the linked bytes.
llvm::Expected<std::string> linkSharedObject(llvm::StringRef object);

/// Defines, hidden in `module`, the compiler-rt fp64 -> fp16/bf16 truncation
/// calls that LLVM emits for x86 CPUs (tilec's shared objects import nothing).
void defineSoftFloatHelpers(llvm::Module &module);

} // namespace tilec::detail

#endif // TILEC_LIB_PIPELINE_CODEGEN_H
