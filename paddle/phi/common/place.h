// Place: where a tensor's memory lives (CPU, or GPU with a device id).
#pragma once

#include <ostream>
#include <string>

namespace phi {

enum class AllocationType : int8_t { UNDEFINED = 0, CPU = 1, GPU = 2 };

class Place {
 public:
  Place() = default;
  explicit Place(AllocationType type, int device_id = 0) : type_(type), device_id_(device_id) {}
  AllocationType GetType() const { return type_; }
  int GetDeviceId() const { return device_id_; }
  bool is_cpu() const { return type_ == AllocationType::CPU; }
  bool is_gpu() const { return type_ == AllocationType::GPU; }
  std::string DebugString() const;
  bool operator==(const Place& o) const { return type_ == o.type_ && device_id_ == o.device_id_; }
  bool operator!=(const Place& o) const { return !(*this == o); }
  bool operator<(const Place& o) const {
    return type_ != o.type_ ? type_ < o.type_ : device_id_ < o.device_id_;
  }

 private:
  AllocationType type_ = AllocationType::UNDEFINED;
  int device_id_ = 0;
};

class CPUPlace : public Place {
 public:
  CPUPlace() : Place(AllocationType::CPU) {}
};

class GPUPlace : public Place {
 public:
  explicit GPUPlace(int device_id = 0) : Place(AllocationType::GPU, device_id) {}
};

std::ostream& operator<<(std::ostream& os, const Place& place);

// Backends a kernel can be registered for.
enum class Backend : int8_t { UNDEFINED = 0, CPU = 1, GPU = 2 };
const char* BackendToString(Backend backend);
Backend PlaceToBackend(const Place& place);

enum class DataLayout : int8_t { ANY = 0, NCHW = 1, NHWC = 2 };

}  // namespace phi
