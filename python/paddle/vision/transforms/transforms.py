"""paddle.vision.transforms: image transform classes over the NumPy functional module.

Random transforms draw from Python's `random` module, so random.seed makes them repeatable.
BaseTransform keeps PaddlePaddle's `keys` idea in simplified form: a single input is an
image; a tuple/list input is matched element by element with `keys`, 'image' entries are
transformed (with the same random parameters) and other entries pass through unchanged.
"""
import math
import numbers
import random

import numpy as np

from paddle.vision.transforms import functional as F

__all__ = ["BaseTransform", "Compose", "ToTensor", "Normalize", "Resize", "RandomResizedCrop",
           "CenterCrop", "RandomHorizontalFlip", "RandomVerticalFlip", "Transpose", "Pad",
           "RandomCrop", "Grayscale", "BrightnessTransform", "ContrastTransform",
           "SaturationTransform", "HueTransform", "ColorJitter", "RandomRotation",
           "RandomErasing"]


def _image_hw(img):
    return F._to_array(img)[0].shape[:2]


def _check_range(value, name, low=None, high=None):
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, numbers.Number) for v in value) or value[0] > value[1]
            or (low is not None and value[0] < low) or (high is not None and value[1] > high)):
        raise ValueError(f"expected {name} to be an ordered pair of numbers"
                         f"{'' if low is None else f' within [{low}, {high}]'}, but got {value!r}")
    return tuple(float(v) for v in value)


class Compose:
    """Applies transforms one after another."""

    def __init__(self, transforms):
        if not isinstance(transforms, (list, tuple)) or not all(callable(t) for t in transforms):
            raise TypeError(f"expected transforms to be a list of callables, but got {transforms!r}")
        self.transforms = list(transforms)

    def __call__(self, data):
        for t in self.transforms:
            data = t(data)
        return data

    def __repr__(self):
        return "Compose([" + ", ".join(repr(t) for t in self.transforms) + "])"


class BaseTransform:
    """Base class: subclasses draw random parameters in _get_params and transform in
    _apply_image (and optionally _apply_<key> for other keys)."""

    def __init__(self, keys=None):
        if keys is None:
            keys = ("image",)
        elif isinstance(keys, str):
            keys = (keys,)
        elif not isinstance(keys, (list, tuple)) or not all(isinstance(k, str) for k in keys):
            raise TypeError(f"expected keys to be a sequence of str, but got {keys!r}")
        self.keys = tuple(keys)
        self.params = None

    def _get_params(self, inputs):
        return None

    def _apply_image(self, image):
        raise NotImplementedError

    def __call__(self, inputs):
        if isinstance(inputs, (list, tuple)):
            if len(inputs) < len(self.keys):
                raise ValueError(f"expected at least {len(self.keys)} inputs for keys {self.keys}, "
                                 f"but got {len(inputs)}")
            self.params = self._get_params(inputs[0])
            outputs = []
            for key, item in zip(self.keys, inputs):
                apply = getattr(self, f"_apply_{key}", None)
                outputs.append(apply(item) if apply is not None else item)
            outputs.extend(inputs[len(self.keys):])
            return type(inputs)(outputs) if isinstance(inputs, tuple) else outputs
        self.params = self._get_params(inputs)
        return self._apply_image(inputs)


class ToTensor(BaseTransform):
    """HWC image -> Tensor (CHW by default); uint8 [0, 255] becomes float32 [0, 1]."""

    def __init__(self, data_format="CHW", keys=None):
        super().__init__(keys)
        if data_format not in ("CHW", "HWC"):
            raise ValueError(f"expected data_format to be 'CHW' or 'HWC', but got {data_format!r}")
        self.data_format = data_format

    def _apply_image(self, img):
        return F.to_tensor(img, self.data_format)


class Normalize(BaseTransform):
    """(img - mean) / std per channel."""

    def __init__(self, mean=0.0, std=1.0, data_format="CHW", to_rgb=False, keys=None):
        super().__init__(keys)
        if isinstance(mean, numbers.Number):
            mean = [mean] * 3
        if isinstance(std, numbers.Number):
            std = [std] * 3
        self.mean, self.std = mean, std
        self.data_format, self.to_rgb = data_format, to_rgb

    def _apply_image(self, img):
        return F.normalize(img, self.mean, self.std, self.data_format, self.to_rgb)


class Resize(BaseTransform):
    """Resizes to size (int: shorter side, keeping the aspect ratio; or (h, w))."""

    def __init__(self, size, interpolation="bilinear", keys=None):
        super().__init__(keys)
        if not isinstance(size, numbers.Integral):
            F._size_pair(size)
        F._check_interpolation(interpolation)
        self.size, self.interpolation = size, interpolation

    def _apply_image(self, img):
        return F.resize(img, self.size, self.interpolation)


class RandomResizedCrop(BaseTransform):
    """Crops a random area fraction `scale` with aspect ratio in `ratio`, then resizes."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4, 4.0 / 3), interpolation="bilinear",
                 keys=None):
        super().__init__(keys)
        self.size = F._size_pair(size)
        self.scale = _check_range(scale, "scale", 0.0)
        self.ratio = _check_range(ratio, "ratio", 0.0)
        F._check_interpolation(interpolation)
        self.interpolation = interpolation

    def _get_params(self, image, attempts=10):
        height, width = _image_hw(image)
        area = height * width
        log_ratio = (math.log(self.ratio[0]), math.log(self.ratio[1]))
        for _ in range(attempts):
            target_area = random.uniform(*self.scale) * area
            aspect = math.exp(random.uniform(*log_ratio))
            w = int(round(math.sqrt(target_area * aspect)))
            h = int(round(math.sqrt(target_area / aspect)))
            if 0 < w <= width and 0 < h <= height:
                return random.randint(0, height - h), random.randint(0, width - w), h, w
        # Fallback: the largest centred crop whose aspect ratio lies in `ratio`.
        in_ratio = width / height
        if in_ratio < self.ratio[0]:
            w, h = width, int(round(width / self.ratio[0]))
        elif in_ratio > self.ratio[1]:
            h, w = height, int(round(height * self.ratio[1]))
        else:
            w, h = width, height
        return (height - h) // 2, (width - w) // 2, h, w

    def _apply_image(self, img):
        i, j, h, w = self.params
        return F.resize(F.crop(img, i, j, h, w), self.size, self.interpolation)


class CenterCrop(BaseTransform):
    """Crops the centre size (int or (h, w)) region."""

    def __init__(self, size, keys=None):
        super().__init__(keys)
        self.size = F._size_pair(size)

    def _apply_image(self, img):
        return F.center_crop(img, self.size)


class _RandomFlip(BaseTransform):
    _flip = None

    def __init__(self, prob=0.5, keys=None):
        super().__init__(keys)
        if not isinstance(prob, numbers.Number) or not 0 <= prob <= 1:
            raise ValueError(f"expected prob to be in [0, 1], but got {prob!r}")
        self.prob = prob

    def _get_params(self, inputs):
        return random.random() < self.prob

    def _apply_image(self, img):
        return type(self)._flip(img) if self.params else img


class RandomHorizontalFlip(_RandomFlip):
    """Flips left-right with probability prob."""
    _flip = staticmethod(F.hflip)


class RandomVerticalFlip(_RandomFlip):
    """Flips top-bottom with probability prob."""
    _flip = staticmethod(F.vflip)


class Transpose(BaseTransform):
    """Permutes the axes of an HWC (or HW, taken as HW1) array; default HWC -> CHW."""

    def __init__(self, order=(2, 0, 1), keys=None):
        super().__init__(keys)
        self.order = tuple(order)

    def _apply_image(self, img):
        if F._is_tensor(img):
            return img.transpose(list(self.order))
        arr, _ = F._to_array(img)
        if arr.ndim == 2:
            arr = arr[..., None]
        return arr.transpose(self.order)


class Pad(BaseTransform):
    """Pads the borders (see functional.pad)."""

    def __init__(self, padding, fill=0, padding_mode="constant", keys=None):
        super().__init__(keys)
        F._padding4(padding)
        if padding_mode not in F._PAD_MODES:
            raise ValueError(f"expected padding_mode to be one of {F._PAD_MODES}, but got {padding_mode!r}")
        self.padding, self.fill, self.padding_mode = padding, fill, padding_mode

    def _apply_image(self, img):
        return F.pad(img, self.padding, self.fill, self.padding_mode)


class RandomCrop(BaseTransform):
    """Crops a random size region, after optional padding."""

    def __init__(self, size, padding=None, pad_if_needed=False, fill=0, padding_mode="constant",
                 keys=None):
        super().__init__(keys)
        self.size = F._size_pair(size)
        if padding is not None:
            F._padding4(padding)
        self.padding, self.pad_if_needed = padding, pad_if_needed
        self.fill, self.padding_mode = fill, padding_mode

    def _apply_image(self, img):
        if self.padding is not None:
            img = F.pad(img, self.padding, self.fill, self.padding_mode)
        h, w = _image_hw(img)
        th, tw = self.size
        if self.pad_if_needed and w < tw:
            img = F.pad(img, (tw - w, 0), self.fill, self.padding_mode)
        if self.pad_if_needed and h < th:
            img = F.pad(img, (0, th - h), self.fill, self.padding_mode)
        h, w = _image_hw(img)
        if h < th or w < tw:
            raise ValueError(f"expected an image of at least size {self.size}, but got {(h, w)}")
        if h == th and w == tw:
            return img
        return F.crop(img, random.randint(0, h - th), random.randint(0, w - tw), th, tw)


class Grayscale(BaseTransform):
    """RGB -> grey with num_output_channels (1 or 3) channels."""

    def __init__(self, num_output_channels=1, keys=None):
        super().__init__(keys)
        if num_output_channels not in (1, 3):
            raise ValueError(f"expected num_output_channels to be 1 or 3, but got {num_output_channels!r}")
        self.num_output_channels = num_output_channels

    def _apply_image(self, img):
        return F.to_grayscale(img, self.num_output_channels)


class _RandomAdjust(BaseTransform):
    """Applies _adjust with a factor drawn uniformly from [max(0, 1 - value), 1 + value]."""
    _adjust = None

    def __init__(self, value, keys=None):
        super().__init__(keys)
        if not isinstance(value, numbers.Number) or value < 0:
            raise ValueError(f"expected value to be a non-negative number, but got {value!r}")
        self.value = value

    def _factor(self):
        return random.uniform(max(0.0, 1.0 - self.value), 1.0 + self.value)

    def _apply_image(self, img):
        if self.value == 0:
            return img
        return type(self)._adjust(img, self._factor())


class BrightnessTransform(_RandomAdjust):
    """Random brightness in [max(0, 1 - value), 1 + value]."""
    _adjust = staticmethod(F.adjust_brightness)


class ContrastTransform(_RandomAdjust):
    """Random contrast in [max(0, 1 - value), 1 + value]."""
    _adjust = staticmethod(F.adjust_contrast)


class SaturationTransform(_RandomAdjust):
    """Random saturation in [max(0, 1 - value), 1 + value]."""
    _adjust = staticmethod(F.adjust_saturation)


class HueTransform(_RandomAdjust):
    """Random hue shift in [-value, value], value in [0, 0.5]."""
    _adjust = staticmethod(F.adjust_hue)

    def __init__(self, value, keys=None):
        super().__init__(value, keys)
        if value > 0.5:
            raise ValueError(f"expected value to be in [0, 0.5], but got {value!r}")

    def _factor(self):
        return random.uniform(-self.value, self.value)


class ColorJitter(BaseTransform):
    """Brightness, contrast, saturation and hue jitter applied in random order."""

    def __init__(self, brightness=0, contrast=0, saturation=0, hue=0, keys=None):
        super().__init__(keys)
        self.brightness, self.contrast, self.saturation, self.hue = brightness, contrast, saturation, hue
        self._transforms = [BrightnessTransform(brightness), ContrastTransform(contrast),
                            SaturationTransform(saturation), HueTransform(hue)]

    def _apply_image(self, img):
        order = list(self._transforms)
        random.shuffle(order)
        for t in order:
            img = t(img)
        return img


class RandomRotation(BaseTransform):
    """Rotates by an angle drawn uniformly from degrees ((-d, d) for a number d)."""

    def __init__(self, degrees, interpolation="nearest", expand=False, center=None, fill=0, keys=None):
        super().__init__(keys)
        if isinstance(degrees, numbers.Number):
            if degrees < 0:
                raise ValueError(f"expected degrees to be non-negative when a number, but got {degrees!r}")
            degrees = (-degrees, degrees)
        self.degrees = _check_range(degrees, "degrees")
        F._check_interpolation(interpolation)
        self.interpolation, self.expand, self.center, self.fill = interpolation, expand, center, fill

    def _get_params(self, inputs):
        return random.uniform(*self.degrees)

    def _apply_image(self, img):
        return F.rotate(img, self.params, self.interpolation, self.expand, self.center, self.fill)


class RandomErasing(BaseTransform):
    """With probability prob, erases a random rectangle (area fraction in scale, aspect ratio
    in ratio) of a CHW Tensor or HWC array, filling value (a number, a per-channel sequence,
    or 'random' for standard-normal noise seeded from `random`)."""

    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False, keys=None):
        super().__init__(keys)
        if not isinstance(prob, numbers.Number) or not 0 <= prob <= 1:
            raise ValueError(f"expected prob to be in [0, 1], but got {prob!r}")
        if isinstance(value, str) and value != "random":
            raise ValueError(f"expected value to be a number, a sequence or 'random', but got {value!r}")
        self.prob = prob
        self.scale = _check_range(scale, "scale", 0.0, 1.0)
        self.ratio = _check_range(ratio, "ratio", 0.0)
        self.value, self.inplace = value, inplace

    def _apply_image(self, img):
        if random.random() >= self.prob:
            return img
        is_tensor = F._is_tensor(img)
        arr, _ = F._to_array(img)
        h, w = arr.shape[:2]
        channels = arr.shape[2] if arr.ndim == 3 else 1
        log_ratio = (math.log(self.ratio[0]), math.log(self.ratio[1]))
        for _ in range(10):
            area = random.uniform(*self.scale) * h * w
            aspect = math.exp(random.uniform(*log_ratio))
            eh = int(round(math.sqrt(area * aspect)))
            ew = int(round(math.sqrt(area / aspect)))
            if 0 < eh < h and 0 < ew < w:
                top, left = random.randint(0, h - eh), random.randint(0, w - ew)
                if isinstance(self.value, str):
                    shape = (channels, eh, ew) if is_tensor else (eh, ew, channels)[:arr.ndim]
                    rng = np.random.default_rng(random.getrandbits(32))
                    value = rng.standard_normal(shape).astype(arr.dtype)
                else:
                    value = np.asarray(self.value, arr.dtype)
                return F.erase(img, top, left, eh, ew, value, self.inplace)
        return img
