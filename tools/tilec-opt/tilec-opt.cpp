//===- tilec-opt.cpp - MlirOptMain with tilec's dialect and passes --------===//
#include "tilec/Pipeline/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tilec::registerAllDialects(registry);
  tilec::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tilec optimizer driver\n", registry));
}
