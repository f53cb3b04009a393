// Reads the Fashion-MNIST test set (t10k IDX gz files, as Debian's fashion-mnist package
// ships them) for the C++ examples: images as float32 [count, rows, cols] scaled to [0, 1],
// labels as int64. Throws std::runtime_error naming the file on a bad or truncated file.
#pragma once

#include <zlib.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace fashion_mnist {

inline std::string ReadGzip(const std::string& path) {
  gzFile file = gzopen(path.c_str(), "rb");
  if (file == nullptr) throw std::runtime_error("cannot open " + path);
  std::string bytes;
  char buffer[1 << 16];
  int n;
  while ((n = gzread(file, buffer, sizeof(buffer))) > 0) bytes.append(buffer, n);
  int err = 0;
  const char* message = gzerror(file, &err);
  gzclose(file);
  if (n < 0 || (err != Z_OK && err != Z_STREAM_END))
    throw std::runtime_error("cannot decompress " + path + ": " + message);
  return bytes;
}

inline uint32_t BigEndian32(const std::string& bytes, size_t offset) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data()) + offset;
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
}

struct Dataset {
  int count = 0, rows = 0, cols = 0;
  std::vector<float> images;  // count * rows * cols, in [0, 1]
  std::vector<int64_t> labels;
};

inline Dataset LoadTestSet(const std::string& dir) {
  std::string images = ReadGzip(dir + "/t10k-images-idx3-ubyte.gz");
  std::string labels = ReadGzip(dir + "/t10k-labels-idx1-ubyte.gz");
  if (images.size() < 16 || BigEndian32(images, 0) != 2051)
    throw std::runtime_error("not an IDX image file: " + dir + "/t10k-images-idx3-ubyte.gz");
  if (labels.size() < 8 || BigEndian32(labels, 0) != 2049)
    throw std::runtime_error("not an IDX label file: " + dir + "/t10k-labels-idx1-ubyte.gz");
  Dataset data;
  data.count = static_cast<int>(BigEndian32(images, 4));
  data.rows = static_cast<int>(BigEndian32(images, 8));
  data.cols = static_cast<int>(BigEndian32(images, 12));
  size_t pixels = static_cast<size_t>(data.count) * data.rows * data.cols;
  if (images.size() != 16 + pixels || BigEndian32(labels, 4) != static_cast<uint32_t>(data.count) ||
      labels.size() != 8 + static_cast<size_t>(data.count))
    throw std::runtime_error("image and label files in " + dir + " disagree or are truncated");
  data.images.resize(pixels);
  for (size_t i = 0; i < pixels; ++i)
    data.images[i] = static_cast<unsigned char>(images[16 + i]) / 255.0f;
  data.labels.resize(data.count);
  for (int i = 0; i < data.count; ++i) data.labels[i] = static_cast<unsigned char>(labels[8 + i]);
  return data;
}

}  // namespace fashion_mnist
