//===- DevicesCommand.cpp - `tilec devices`: what hardware the runtime sees =//
#include "Commands.h"

#include "tilec/runtime.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace tilec::cli {

cl::SubCommand devicesCommand("devices",
                              "List the devices found and the one `tilec run` would pick");

int runDevices() {
  size_t numDrivers = 0;
  const char *const *drivers = tilec_driver_names(&numDrivers);
  for (size_t d = 0; d < numDrivers; ++d) {
    if (tilec_status why = tilec_driver_probe(drivers[d])) {
      outs() << drivers[d] << ": unavailable (" << tilec_status_message(why) << ")\n";
      tilec_status_free(why);
      continue;
    }
    int count = tilec_device_count(drivers[d]);
    for (int i = 0; i < count; ++i) {
      tilec_device_info info;
      if (tilec_status s = tilec_device_info_get(drivers[d], i, &info)) {
        outs() << drivers[d] << ":" << i << ": " << tilec_status_message(s) << "\n";
        tilec_status_free(s);
        continue;
      }
      outs() << info.driver << ":" << info.ordinal << "  " << info.name << "  arch "
             << info.arch;
      if (info.compute_units)
        outs() << "  units " << info.compute_units;
      if (info.features[0])
        outs() << "\n    features " << info.features;
      outs() << "\n";
    }
  }
  tilec_device *device = nullptr;
  if (tilec_status s = tilec_device_open(nullptr, 0, &device)) {
    outs() << "selected: none (" << tilec_status_message(s) << ")\n";
    tilec_status_free(s);
    return 1;
  }
  outs() << "selected: " << tilec_device_driver_name(device) << ":0"
         << " (override with TILEC_DEVICE=cpu|cuda|hip|simt)\n";
  tilec_device_release(device);
  return 0;
}

} // namespace tilec::cli
