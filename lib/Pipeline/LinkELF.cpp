//===- LinkELF.cpp - In-process lld link of an object into a shared object -===//
#include "Codegen.h"

#include "lld/Common/Driver.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

LLD_HAS_DRIVER(elf)

namespace tilec::detail {

llvm::Expected<std::string> linkSharedObject(llvm::StringRef object) {
  using llvm::sys::fs::createTemporaryFile;
  llvm::SmallString<128> objPath, soPath;
  if (auto ec = createTemporaryFile("tilec", "o", objPath))
    return llvm::createStringError(ec, "cannot create a temporary object file");
  if (auto ec = createTemporaryFile("tilec", "so", soPath)) {
    llvm::sys::fs::remove(objPath);
    return llvm::createStringError(ec, "cannot create a temporary output file");
  }
  auto cleanup = [&] {
    llvm::sys::fs::remove(objPath);
    llvm::sys::fs::remove(soPath);
  };
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(objPath, ec);
    if (ec) {
      cleanup();
      return llvm::createStringError(ec, "cannot write the temporary object file");
    }
    os << object;
  }

  std::string diagnostics;
  llvm::raw_string_ostream diagOS(diagnostics);
  const char *args[] = {"ld.lld", "-shared", "--no-undefined-version", "-O2",
                        objPath.c_str(), "-o", soPath.c_str()};
  lld::Result result;
  {
    // lld keeps global state: one link at a time per process.
    static std::mutex linkMutex;
    std::lock_guard<std::mutex> lock(linkMutex);
    result = lld::lldMain(args, diagOS, diagOS, {{lld::Gnu, &lld::elf::link}});
  }
  if (result.retCode != 0) {
    cleanup();
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "lld failed to link the shared object: " + diagnostics);
  }
  auto buffer = llvm::MemoryBuffer::getFile(soPath);
  cleanup();
  if (!buffer)
    return llvm::createStringError(buffer.getError(), "cannot read the linked shared object");
  return (*buffer)->getBuffer().str();
}

} // namespace tilec::detail
