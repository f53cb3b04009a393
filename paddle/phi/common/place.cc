#include "paddle/phi/common/place.h"

namespace phi {

std::string Place::DebugString() const {
  switch (type_) {
    case AllocationType::CPU: return "Place(cpu)";
    case AllocationType::GPU: return "Place(gpu:" + std::to_string(device_id_) + ")";
    default: return "Place(undefined)";
  }
}

std::ostream& operator<<(std::ostream& os, const Place& place) {
  return os << place.DebugString();
}

const char* BackendToString(Backend backend) {
  switch (backend) {
    case Backend::CPU: return "CPU";
    case Backend::GPU: return "GPU";
    default: return "UNDEFINED";
  }
}

Backend PlaceToBackend(const Place& place) {
  switch (place.GetType()) {
    case AllocationType::CPU: return Backend::CPU;
    case AllocationType::GPU: return Backend::GPU;
    default: return Backend::UNDEFINED;
  }
}

}  // namespace phi
