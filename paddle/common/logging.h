// Logging for the runtime: glog's LOG/VLOG. Verbosity from FLAGS_v / GLOG_v.
#pragma once

#include <glog/logging.h>
