#include "paddle/phi/kernels/multiclass_nms3_kernel.h"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {
namespace {

template <typename T>
T BoxArea(const T* b, bool normalized) {
  if (b[2] < b[0] || b[3] < b[1]) return static_cast<T>(0);  // an invalid box has no area
  const T w = b[2] - b[0], h = b[3] - b[1];
  return normalized ? w * h : (w + 1) * (h + 1);
}

template <typename T>
T IoU(const T* a, const T* b, bool normalized) {
  if (b[0] > a[2] || b[2] < a[0] || b[1] > a[3] || b[3] < a[1]) return static_cast<T>(0);
  const T extra = normalized ? 0 : 1;
  const T iw = std::min(a[2], b[2]) - std::max(a[0], b[0]) + extra;
  const T ih = std::min(a[3], b[3]) - std::max(a[1], b[1]) + extra;
  const T inter = iw * ih;
  return inter / (BoxArea(a, normalized) + BoxArea(b, normalized) - inter);
}

// One image's view: score(c, m) and box(c, m) of candidate m for class c, and the flat index
// PaddlePaddle reports for it in Index.
template <typename T>
struct ImageView {
  const T* scores;
  const T* boxes;
  int64_t num_boxes;
  int64_t num_classes;
  bool per_class_boxes;  // 2-D Scores: [M, C] scores and [M, C, 4] boxes
  int64_t index_offset;
  T score(int64_t c, int64_t m) const {
    return per_class_boxes ? scores[m * num_classes + c] : scores[c * num_boxes + m];
  }
  const T* box(int64_t c, int64_t m) const {
    return per_class_boxes ? boxes + (m * num_classes + c) * 4 : boxes + m * 4;
  }
  int64_t flat_index(int64_t c, int64_t m) const {
    return index_offset + (per_class_boxes ? m * num_classes + c : m);
  }
};

// Scores are ranked as float (PaddlePaddle sorts float keys even for float64 input); ties keep
// the earlier candidate (stable sorts).
template <typename T>
std::vector<int64_t> NmsOneClass(const ImageView<T>& v, int64_t c, T score_threshold, int nms_top_k,
                                 T nms_threshold, T eta, bool normalized) {
  std::vector<std::pair<float, int64_t>> order;
  for (int64_t m = 0; m < v.num_boxes; ++m) {
    if (v.score(c, m) > score_threshold) order.emplace_back(static_cast<float>(v.score(c, m)), m);
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  if (nms_top_k > -1 && nms_top_k < static_cast<int64_t>(order.size())) order.resize(nms_top_k);
  std::vector<int64_t> kept;
  T threshold = nms_threshold;
  for (const auto& candidate : order) {
    const T* box = v.box(c, candidate.second);
    bool keep = true;
    for (int64_t k : kept) {
      if (!(IoU(box, v.box(c, k), normalized) <= threshold)) {  // NaN overlap suppresses
        keep = false;
        break;
      }
    }
    if (!keep) continue;
    kept.push_back(candidate.second);
    if (eta < 1 && threshold > 0.5) threshold *= eta;  // adaptive NMS
  }
  return kept;
}

// Kept candidates of one image by ascending label.
template <typename T>
std::map<int64_t, std::vector<int64_t>> NmsOneImage(const ImageView<T>& v, float score_threshold,
                                                    int nms_top_k, int keep_top_k,
                                                    float nms_threshold, bool normalized,
                                                    float nms_eta, int background_label) {
  std::map<int64_t, std::vector<int64_t>> kept;
  int64_t total = 0;
  for (int64_t c = 0; c < v.num_classes; ++c) {
    if (c == background_label) continue;
    std::vector<int64_t> k =
        NmsOneClass(v, c, static_cast<T>(score_threshold), nms_top_k, static_cast<T>(nms_threshold),
                    static_cast<T>(nms_eta), normalized);
    if (v.per_class_boxes) std::stable_sort(k.begin(), k.end());
    total += static_cast<int64_t>(k.size());
    kept[c] = std::move(k);
  }
  if (keep_top_k <= -1 || total <= keep_top_k) return kept;
  std::vector<std::pair<float, std::pair<int64_t, int64_t>>> all;
  for (const auto& [label, list] : kept) {
    for (int64_t m : list) all.push_back({static_cast<float>(v.score(label, m)), {label, m}});
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  all.resize(keep_top_k);
  std::map<int64_t, std::vector<int64_t>> top;
  for (const auto& item : all) top[item.second.first].push_back(item.second.second);
  if (v.per_class_boxes) {
    for (auto& entry : top) std::stable_sort(entry.second.begin(), entry.second.end());
  }
  return top;
}

// Per-image box counts: RoisNum when given, else the batch dimension (3-D Scores) or one image.
std::vector<int64_t> ImageBoxCounts(const DenseTensor* rois_num, int64_t total) {
  std::vector<int64_t> counts;
  if (rois_num == nullptr) return {total};
  for (int64_t i = 0; i < rois_num->numel(); ++i) {
    const int64_t n = rois_num->dtype() == DataType::INT64 ? rois_num->data<int64_t>()[i]
                                                           : rois_num->data<int>()[i];
    PD_CHECK(n >= 0, InvalidArgument, "expected multiclass_nms3's RoisNum >= 0, but got ", n,
             " at ", i);
    counts.push_back(n);
  }
  int64_t sum = 0;
  for (int64_t n : counts) sum += n;
  PD_CHECK(sum == total, InvalidArgument,
           "expected multiclass_nms3's RoisNum to sum to the number of boxes (", total,
           "), but got ", sum);
  return counts;
}

}  // namespace

template <typename T, typename Context>
void MultiClassNmsKernel(const Context& dev_ctx, const DenseTensor& bboxes,
                         const DenseTensor& scores, const DenseTensor* rois_num,
                         float score_threshold, int nms_top_k, int keep_top_k, float nms_threshold,
                         bool normalized, float nms_eta, int background_label, DenseTensor* out,
                         DenseTensor* index, DenseTensor* nms_rois_num) {
  const DDim& sd = scores.dims();
  const bool per_class_boxes = sd.size() == 2;
  std::vector<ImageView<T>> images;
  if (!per_class_boxes) {  // Scores [N, C, M], BBoxes [N, M, 4]
    for (int64_t b = 0; b < sd[0]; ++b) {
      images.push_back({scores.data<T>() + b * sd[1] * sd[2], bboxes.data<T>() + b * sd[2] * 4,
                        sd[2], sd[1], false, b * sd[2]});
    }
  } else {  // Scores [M, C], BBoxes [M, C, 4], images split by RoisNum
    int64_t start = 0;
    for (int64_t n : ImageBoxCounts(rois_num, sd[0])) {
      images.push_back({scores.data<T>() + start * sd[1], bboxes.data<T>() + start * sd[1] * 4, n,
                        sd[1], true, start * sd[1]});
      start += n;
    }
  }
  std::vector<std::map<int64_t, std::vector<int64_t>>> kept;
  int64_t rows = 0;
  for (const ImageView<T>& v : images) {
    kept.push_back(NmsOneImage(v, score_threshold, nms_top_k, keep_top_k, nms_threshold, normalized,
                               nms_eta, background_label));
    for (const auto& entry : kept.back()) rows += static_cast<int64_t>(entry.second.size());
  }
  // Nothing kept gives 0 rows (PaddlePaddle's [1, 1] "-1" row is for ops without Index).
  out->Resize(DDim({rows, 6}));
  index->Resize(DDim({rows, 1}));
  T* o = dev_ctx.template Alloc<T>(out);
  int* idx = dev_ctx.template Alloc<int>(index);
  std::vector<int> per_image;
  for (size_t i = 0; i < images.size(); ++i) {
    int count = 0;
    for (const auto& [label, list] : kept[i]) {
      for (int64_t m : list) {
        o[0] = static_cast<T>(label);
        o[1] = images[i].score(label, m);
        std::copy(images[i].box(label, m), images[i].box(label, m) + 4, o + 2);
        o += 6;
        *idx++ = static_cast<int>(images[i].flat_index(label, m));
        ++count;
      }
    }
    per_image.push_back(count);
  }
  if (nms_rois_num != nullptr) {
    nms_rois_num->Resize(DDim({static_cast<int64_t>(per_image.size())}));
    int* counts = dev_ctx.template Alloc<int>(nms_rois_num);
    std::copy(per_image.begin(), per_image.end(), counts);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(multiclass_nms3, CPU, phi::MultiClassNmsKernel, float, double);
