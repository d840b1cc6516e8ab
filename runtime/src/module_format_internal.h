// Internal pieces of the module image format shared by its translation units.
#ifndef TILEC_RUNTIME_MODULE_FORMAT_INTERNAL_H
#define TILEC_RUNTIME_MODULE_FORMAT_INTERNAL_H

#include "tilec/module_format.h"

#include <string>
#include <vector>

namespace tilec {

/// Owned storage behind a tilec_kernel_metadata view.
struct KernelStore {
  std::string name, entry;
  uint32_t numWarps = 4, sharedMem = 0;
  uint64_t globalScratch = 0; ///< Bytes per program ("global_scratch").
  std::vector<tilec_type> types;
  std::vector<std::string> names;
  std::vector<const char *> namePtrs;
  std::vector<unsigned char> specializedToOne; ///< Per parameter: "=1".
  std::vector<unsigned char> stored;           ///< Per parameter: "+stored".
};

/// Owned storage behind a tilec_module_metadata view.
struct MetadataStore {
  std::string target, arch, features, payload;
  std::vector<KernelStore> kernels;
  std::vector<tilec_kernel_metadata> kernelViews;
  tilec_module_metadata view{};
  /// Points the views at the owned strings (call after filling/moving).
  void buildViews();
};

/// Parses and validates metadata text. Errors carry `code` and the message
/// "<what>: line N: ...".
tilec_status parseMetadata(const char *text, size_t size, const char *what,
                           tilec_code code, MetadataStore &out);

} // namespace tilec

#endif
