//===- Registration.cpp - Registers tilec's dialects, passes, translations -===//
#include "tilec/Pipeline/Registration.h"
#include "tilec/Conversion/Passes.h"
#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Pipeline/Pipeline.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/AllExtensions.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

namespace tilec {

void registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<tile::TileDialect, mlir::arith::ArithDialect, mlir::math::MathDialect,
                  mlir::scf::SCFDialect, mlir::func::FuncDialect, mlir::vector::VectorDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect, mlir::ROCDL::ROCDLDialect,
                  mlir::cf::ControlFlowDialect, mlir::index::IndexDialect,
                  mlir::ub::UBDialect>();
  mlir::func::registerAllExtensions(registry);
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
  mlir::registerROCDLDialectTranslation(registry);
}

void registerAllPasses() {
  registerTilecConversionPasses();
  registerTilecTransformsPasses();
  mlir::registerTransformsPasses();
  mlir::registerSCFToControlFlowPass();
  mlir::registerConvertVectorToLLVMPass();
  mlir::registerConvertMathToLLVMPass();
  mlir::registerArithToLLVMConversionPass();
  mlir::registerConvertControlFlowToLLVMPass();
  mlir::registerConvertFuncToLLVMPass();
  mlir::registerConvertIndexToLLVMPass();
  mlir::registerReconcileUnrealizedCastsPass();
  mlir::math::registerMathExtendToSupportedTypes();

  struct PipelineCLOptions : public mlir::PassPipelineOptions<PipelineCLOptions> {
    Option<std::string> target{*this, "target",
                               llvm::cl::desc("cpu, nvptx, amdgpu or simt"),
                               llvm::cl::init("cpu")};
  };
  mlir::PassPipelineRegistration<PipelineCLOptions>(
      "tilec-pipeline", "Lowers tile IR to the LLVM dialect (tilec's whole pipeline)",
      [](mlir::OpPassManager &pm, const PipelineCLOptions &cl) {
        PipelineOptions options;
        options.target = cl.target;
        buildTilecPipeline(pm, options);
      });
}

} // namespace tilec
