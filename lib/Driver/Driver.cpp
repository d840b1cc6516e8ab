//===- Driver.cpp - Source-to-artifact compilation -------------------------===//
#include "tilec/Driver/Driver.h"
#include "tilec/Pipeline/Registration.h"
#include "tilec/Target/TargetInfo.h"

#include "tilec/runtime.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tilec {

/// The type of a signature entry, without its specialization ("i32:16").
static llvm::StringRef entryType(llvm::StringRef entry) { return entry.split(':').first.trim(); }

/// The runtime's name for a signature entry's type: fp8 types (Triton's
/// "fp8e5", "fp8e4nv", "fp8e4b15", "fp8e4b8", "fp8e5b16") are 8-bit storage,
/// passed as u8; a pointer to constant memory ("*kfp32") is a pointer.
static std::string runtimeTypeName(llvm::StringRef entry) {
  llvm::StringRef type = entryType(entry);
  bool pointer = type.consume_front("*");
  if (pointer)
    type.consume_front("k");
  if (llvm::is_contained({"fp8e5", "fp8e4nv", "fp8e4b15", "fp8e4b8", "fp8e5b16"}, type))
    type = "u8";
  return (pointer ? "*" : "") + type.str();
}

/// Describes the kernel's parameters for its module metadata from the
/// signature: the runtime's type names and the parameters specialized to 1
/// (Triton AOT's ":1"). Fails with `error` on an entry whose type the runtime
/// does not know or whose specialization the frontend refuses.
static bool describeSignature(const std::vector<std::string> &signature, KernelInfo &info,
                              std::string &error) {
  std::vector<std::string> entries;
  for (const std::string &entry : signature) {
    if (frontend::isTensorDescEntry(entry) && !frontend::parseTensorDescEntry(entry, error)) {
      error = "invalid tensor descriptor '" + entry + "' in --signature: " + error;
      return false;
    }
    for (frontend::ExpandedParam &param : frontend::expandSignatureEntry(entry))
      entries.push_back(std::move(param.entry));
  }
  for (auto [i, entry] : llvm::enumerate(entries)) {
    std::string type = runtimeTypeName(entry);
    if (tilec_type_parse(type.c_str()) == TILEC_TYPE_INVALID) {
      error = "invalid type '" + entryType(entry).str() +
              "' in --signature (expected e.g. *fp32, *fp16, *bf16, *i8..*i64, *u8..*u64, "
              "*fp8e5, *fp8e4nv, *fp8e4b15, *fp8e4b8, *fp8e5b16, i1, i32, i64, u32, fp32, fp64, "
              "optionally specialized as "
              "i32:16, i32:1, *fp32:16)";
      return false;
    }
    std::string reason;
    std::optional<frontend::SignatureEntry> parsed = frontend::parseSignatureEntry(entry, reason);
    if (!parsed) {
      error = "invalid specialization '" + entry + "' in --signature: " + reason;
      return false;
    }
    info.paramTypes.push_back(std::move(type));
    if (parsed->specialization == frontend::ArgSpecialization::One)
      info.paramsSpecializedToOne.push_back(i);
  }
  return true;
}

bool readSourceFile(llvm::StringRef path, std::string &text, std::string &error) {
  auto fail = [&](const llvm::Twine &why) {
    error = ("cannot read '" + path + "': " + why).str();
    return false;
  };
  int fd = ::open(path.str().c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return fail(std::strerror(errno));
  llvm::scope_exit closeFd([&] { ::close(fd); });
  struct stat st;
  if (::fstat(fd, &st) != 0)
    return fail(std::strerror(errno));
  if (S_ISDIR(st.st_mode))
    return fail("is a directory");
  bool regular = S_ISREG(st.st_mode);
  if (!regular && !S_ISFIFO(st.st_mode))
    return fail("not a regular file or a pipe");
  if (regular && uint64_t(st.st_size) > kMaxSourceBytes)
    return fail("the file has " + llvm::Twine(uint64_t(st.st_size)) +
                " bytes, over the limit of " + llvm::Twine(kMaxSourceBytes) + " bytes");
  text.clear();
  char chunk[65536];
  while (true) {
    ssize_t n = ::read(fd, chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return fail(std::strerror(errno));
    if (n == 0)
      break;
    if (text.size() + size_t(n) > kMaxSourceBytes)
      return fail("more than the limit of " + llvm::Twine(kMaxSourceBytes) + " bytes");
    text.append(chunk, size_t(n));
  }
  return true;
}

bool writeFileAtomically(llvm::StringRef path, llvm::StringRef data, std::string &error) {
  auto fail = [&](const llvm::Twine &why) {
    error = ("cannot write '" + path + "': " + why).str();
    return false;
  };
  // An existing non-regular file (a device, a FIFO) is written in place.
  struct stat st;
  bool exists = ::stat(path.str().c_str(), &st) == 0;
  bool direct = exists && !S_ISREG(st.st_mode);
  if (direct && S_ISDIR(st.st_mode))
    return fail("is a directory");
  int fd;
  llvm::SmallString<256> tmp;
  if (direct) {
    fd = ::open(path.str().c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
      return fail(std::strerror(errno));
    // Writes block as usual once open (a FIFO with a reader).
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  } else if (std::error_code ec =
                 llvm::sys::fs::createUniqueFile(path + ".tmp-%%%%%%%%", fd, tmp)) {
    return fail(ec.message());
  }
  const char *p = data.data();
  size_t left = data.size();
  int writeErrno = 0;
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      writeErrno = n < 0 ? errno : EIO;
      break;
    }
    p += n;
    left -= size_t(n);
  }
  if (!writeErrno && !direct && ::fsync(fd) != 0 && errno != EINVAL)
    writeErrno = errno;
  if (::close(fd) != 0 && !writeErrno)
    writeErrno = errno;
  if (writeErrno) {
    if (!direct)
      (void)llvm::sys::fs::remove(tmp);
    return fail(std::strerror(writeErrno));
  }
  if (direct)
    return true;
  // createUniqueFile makes the file private (0600). A file replaced keeps its
  // permissions and owner, as writing it in place would; a new one gets the
  // usual permissions, as a plain open would give them.
  if (exists) {
    (void)::chmod(tmp.c_str(), st.st_mode & 07777);
    (void)::chown(tmp.c_str(), st.st_uid, st.st_gid);
  } else {
    mode_t mask = ::umask(0);
    ::umask(mask);
    (void)::chmod(tmp.c_str(), 0666 & ~mask);
  }
  if (std::error_code ec = llvm::sys::fs::rename(tmp, path)) {
    (void)llvm::sys::fs::remove(tmp);
    return fail(ec.message());
  }
  return true;
}

/// The stack of the thread every compile runs on. The frontend bounds its
/// recursion (nesting depth, see Parser.cpp) for this size, whatever thread
/// calls in: the JIT may be called from a framework worker with 256 KiB.
static constexpr unsigned kCompileStackSize = 64u << 20;

/// compileKernelSource on the calling thread.
static bool compileOnThisThread(const CompileRequest &request, std::string &artifact,
                                std::string &diagnostics, std::vector<KernelInfo> *described) {
  llvm::raw_string_ostream diagOS(diagnostics);
  PipelineOptions options = request.pipeline;
  std::string error;
  KernelInfo info;
  info.name = request.kernel.kernelName;
  if (failed(resolvePipelineOptions(options, error)) ||
      !describeSignature(request.kernel.signature, info, error)) {
    diagOS << "error: " << error << "\n";
    return false;
  }

  std::unique_ptr<llvm::MemoryBuffer> buffer;
  if (request.source) {
    buffer = llvm::MemoryBuffer::getMemBufferCopy(*request.source, request.sourcePath);
  } else {
    std::string text;
    if (!readSourceFile(request.sourcePath, text, error)) {
      diagOS << "error: " << error << "\n";
      return false;
    }
    buffer = llvm::MemoryBuffer::getMemBufferCopy(text, request.sourcePath);
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());

  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  frontend::registerFrontendDialects(registry);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagOS);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      frontend::compileKernel(context, sourceMgr, request.kernel);
  if (!module)
    return false;

  // Parameter names are a nicety for runtime errors: other @jit functions of
  // the file that do not parse must not produce diagnostics here.
  // A tensor descriptor's parameters are named after it ("desc", "desc_shape0", ...).
  {
    mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) { return mlir::success(); });
    if (auto functions = frontend::listJitFunctions(context, sourceMgr))
      for (const frontend::JitFunctionInfo &fn : *functions)
        if (fn.name == info.name) {
          size_t entry = 0;
          for (const frontend::JitParamInfo &param : fn.params) {
            // Runtime parameters given as None (-D NAME=None) left the signature.
            bool isNone = llvm::any_of(request.kernel.defines,
                                       [&](const auto &d) { return d.first == param.name; });
            if (param.isConstexpr || isNone)
              continue;
            if (entry >= request.kernel.signature.size())
              break;
            for (const frontend::ExpandedParam &part :
                 frontend::expandSignatureEntry(request.kernel.signature[entry++]))
              info.paramNames.push_back(param.name + part.nameSuffix);
          }
        }
  }
  // Lowering diagnostics (e.g. an op a target cannot compile) reach the user.

  if (failed(compileModule(*module, options, request.emit, {info}, artifact, error, described))) {
    diagOS << "error: " << error << "\n";
    return false;
  }
  return true;
}

bool compileKernelSource(const CompileRequest &request, std::string &artifact,
                         std::string &diagnostics, std::vector<KernelInfo> *described) {
  bool ok = false;
  llvm::thread worker(std::optional<unsigned>(kCompileStackSize), [&] {
    ok = compileOnThisThread(request, artifact, diagnostics, described);
  });
  worker.join();
  return ok;
}

void selectTargetForDevice(llvm::StringRef driver, llvm::StringRef deviceArch,
                           PipelineOptions &options) {
  for (llvm::StringRef name : getTargetNames()) {
    std::unique_ptr<TargetInfo> info = createTargetInfo(name);
    if (info->getRuntimeDriver() == driver) {
      options.target = name.str();
      options.arch = info->getArchForDevice(deviceArch);
      return;
    }
  }
  options.target = "cpu";
  options.arch = "native";
}

EmitKind loadableEmitKind(llvm::StringRef target) {
  std::unique_ptr<TargetInfo> info = createTargetInfo(target);
  switch (info ? info->getModulePayload() : ModulePayload::SharedObject) {
  case ModulePayload::PTX:
    return EmitKind::Ptx;
  case ModulePayload::HSACO:
    return EmitKind::Hsaco;
  case ModulePayload::SharedObject:
    return EmitKind::So;
  }
  return EmitKind::So;
}

bool compileLoadableModule(const CompileRequest &request, std::string &image,
                           std::string &diagnostics) {
  CompileRequest loadable = request;
  loadable.emit = loadableEmitKind(request.pipeline.target);
  std::string artifact;
  std::vector<KernelInfo> described;
  if (!compileKernelSource(loadable, artifact, diagnostics, &described))
    return false;
  if (loadable.emit != EmitKind::Ptx) {
    image = std::move(artifact);
    return true;
  }
  // So and Hsaco artifacts already are images; PTX is text, wrapped with the
  // kernels as code generation described them (stored parameters, dynamic
  // shared memory).
  PipelineOptions options = loadable.pipeline;
  std::string error;
  if (failed(resolvePipelineOptions(options, error)) ||
      failed(buildModuleImage(artifact, options, described, image, error))) {
    diagnostics += "error: " + error + "\n";
    return false;
  }
  return true;
}

} // namespace tilec
