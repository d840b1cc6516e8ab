//===- Registration.h - Registers tilec's dialects, passes, translations -*- C++ -*-===//
#ifndef TILEC_PIPELINE_REGISTRATION_H
#define TILEC_PIPELINE_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tilec {

/// Adds every dialect, interface and LLVM IR translation tilec's pipeline uses.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers tilec's passes, the upstream passes its pipeline uses, and the
/// `tilec-pipeline` pass pipeline, with the global pass registry.
void registerAllPasses();

} // namespace tilec

#endif // TILEC_PIPELINE_REGISTRATION_H
