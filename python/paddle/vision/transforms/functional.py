"""paddle.vision.transforms.functional: image transforms computed with NumPy.

Images are NumPy arrays in HWC (or HW) layout, uint8 in [0, 255] or float in [0, 1]; a PIL
image is accepted when PIL happens to be installed (read with np.asarray), and an eager
paddle Tensor is taken as a CHW image and given back as one. Results are NumPy arrays
(except to_tensor, and normalize of a Tensor), with the input's dtype where the operation
keeps values in range (integer results are rounded and clipped).

Interpolation conventions (documented, tested against NumPy references):
  * 'bilinear': half-pixel centres, as cv2.INTER_LINEAR / PIL BILINEAR without antialias:
    src = (dst + 0.5) * in / out - 0.5, clamped to [0, in - 1].
  * 'nearest': src = floor((dst + 0.5) * in / out) (PIL NEAREST), so an exact 2x upscale
    repeats every pixel twice.
  * rotate: angle in degrees, counter-clockwise, about the centre ((w - 1) / 2, (h - 1) / 2)
    in pixel-index coordinates unless `center` (x, y) is given; each output pixel is
    mapped back into the input (inverse mapping); pixels mapped outside are `fill`.
"""
import functools
import math
import numbers

import numpy as np

import paddle

__all__ = ["to_tensor", "normalize", "resize", "hflip", "vflip", "crop", "center_crop", "pad",
           "rotate", "to_grayscale", "adjust_brightness", "adjust_contrast",
           "adjust_saturation", "adjust_hue", "erase"]

_INTERPOLATIONS = ("nearest", "bilinear")
_PAD_MODES = ("constant", "edge", "reflect", "symmetric")


def _is_pil(img):
    try:
        from PIL import Image
    except ImportError:
        return False
    return isinstance(img, Image.Image)


def _is_tensor(img):
    return isinstance(img, paddle.Tensor)


def _to_array(img, arg="img"):
    """Returns (HWC-or-HW ndarray, is_tensor)."""
    if _is_tensor(img):
        arr = img.numpy()
        if arr.ndim != 3:
            raise ValueError(f"expected {arg} to be a CHW Tensor image, but got shape {list(arr.shape)}")
        return arr.transpose(1, 2, 0), True
    if _is_pil(img):
        return np.asarray(img), False
    if isinstance(img, np.ndarray):
        if img.ndim not in (2, 3):
            raise ValueError(f"expected {arg} to be an HWC or HW array, but got {img.ndim} dimensions")
        return img, False
    raise TypeError(f"expected {arg} to be a numpy.ndarray, PIL image or paddle Tensor, "
                    f"but got {type(img).__name__}")


def _from_array(arr, is_tensor):
    if is_tensor:
        if arr.ndim == 2:
            arr = arr[:, :, None]
        return paddle.to_tensor(np.ascontiguousarray(arr.transpose(2, 0, 1)))
    return arr


def _image_op(fn):
    """Runs fn on the HWC array view of img and gives the result back in img's kind."""
    @functools.wraps(fn)
    def wrapper(img, *args, **kwargs):
        arr, is_tensor = _to_array(img)
        return _from_array(fn(arr, *args, **kwargs), is_tensor)
    return wrapper


def _bound(arr):
    return 255.0 if np.issubdtype(arr.dtype, np.integer) else 1.0


def _cast_like(values, like):
    """values (float) back to like's dtype: integers rounded and clipped to the dtype's range."""
    if np.issubdtype(like.dtype, np.integer):
        info = np.iinfo(like.dtype)
        return np.clip(np.round(values), info.min, info.max).astype(like.dtype)
    return values.astype(like.dtype)


def _check_interpolation(interpolation, allowed=_INTERPOLATIONS):
    if interpolation not in allowed:
        raise ValueError(f"expected interpolation to be one of {allowed}, but got {interpolation!r}")


def _size_pair(size, arg="size"):
    if isinstance(size, numbers.Integral):
        return int(size), int(size)
    if isinstance(size, (list, tuple)) and len(size) == 2 and all(isinstance(s, numbers.Integral) for s in size):
        return int(size[0]), int(size[1])
    raise TypeError(f"expected {arg} to be an int or a sequence of 2 ints, but got {size!r}")


def to_tensor(pic, data_format="CHW"):
    """HWC image -> Tensor in data_format ('CHW' or 'HWC'); uint8 values become float32 / 255."""
    if data_format not in ("CHW", "HWC"):
        raise ValueError(f"expected data_format to be 'CHW' or 'HWC', but got {data_format!r}")
    if _is_tensor(pic):
        return pic
    arr, _ = _to_array(pic, "pic")
    if arr.ndim == 2:
        arr = arr[:, :, None]
    if data_format == "CHW":
        arr = arr.transpose(2, 0, 1)
    if arr.dtype == np.uint8:
        arr = arr.astype(np.float32) / np.float32(255.0)
    elif arr.dtype == np.float64:
        arr = arr.astype(np.float32)
    arr = np.ascontiguousarray(arr)
    return paddle.to_tensor(arr) if paddle.in_dynamic_mode() else arr


def normalize(img, mean, std, data_format="CHW", to_rgb=False):
    """(img - mean) / std per channel, channels on axis 0 ('CHW') or -1 ('HWC'); float32."""
    if data_format not in ("CHW", "HWC"):
        raise ValueError(f"expected data_format to be 'CHW' or 'HWC', but got {data_format!r}")
    shape = (-1, 1, 1) if data_format == "CHW" else (1, 1, -1)
    mean = np.asarray(mean, np.float32).reshape(shape)
    std = np.asarray(std, np.float32).reshape(shape)
    if np.any(std == 0):
        raise ValueError(f"expected std to be non-zero, but got {std.ravel().tolist()}")
    if _is_tensor(img):
        if to_rgb:
            axis = 0 if data_format == "CHW" else -1
            img = paddle.flip(img, axis=[axis])
        img = img.astype("float32")
        return (img - paddle.to_tensor(mean)) / paddle.to_tensor(std)
    arr, _ = _to_array(img)
    arr = arr.astype(np.float32)
    if to_rgb:
        arr = arr[::-1] if data_format == "CHW" else arr[..., ::-1]
    return (arr - mean) / std


def _resize_axis(arr, axis, out, interpolation):
    n = arr.shape[axis]
    if out == n:
        return arr.astype(np.float64)
    scale = n / out
    dst = np.arange(out, dtype=np.float64)
    if interpolation == "nearest":
        idx = np.minimum(np.floor((dst + 0.5) * scale).astype(np.int64), n - 1)
        return np.take(arr, idx, axis=axis).astype(np.float64)
    src = np.clip((dst + 0.5) * scale - 0.5, 0.0, n - 1)
    i0 = np.floor(src).astype(np.int64)
    i1 = np.minimum(i0 + 1, n - 1)
    w = src - i0
    shape = [1] * arr.ndim
    shape[axis] = out
    w = w.reshape(shape)
    return np.take(arr, i0, axis=axis) * (1.0 - w) + np.take(arr, i1, axis=axis) * w


@_image_op
def resize(img, size, interpolation="bilinear"):
    """Resizes to size (h, w); an int size sets the shorter side, keeping the aspect ratio."""
    _check_interpolation(interpolation)
    h, w = img.shape[:2]
    if isinstance(size, numbers.Integral):
        size = int(size)
        if size <= 0:
            raise ValueError(f"expected size to be positive, but got {size}")
        if (w <= h and w == size) or (h <= w and h == size):
            return img
        if w < h:
            oh, ow = int(size * h / w), size
        else:
            oh, ow = size, int(size * w / h)
    else:
        oh, ow = _size_pair(size)
        if oh <= 0 or ow <= 0:
            raise ValueError(f"expected size to be positive, but got {size!r}")
    out = _resize_axis(img.astype(np.float64), 0, oh, interpolation)
    out = _resize_axis(out, 1, ow, interpolation)
    return _cast_like(out, img)


@_image_op
def hflip(img):
    """Flips left-right."""
    return img[:, ::-1].copy()


@_image_op
def vflip(img):
    """Flips top-bottom."""
    return img[::-1].copy()


@_image_op
def crop(img, top, left, height, width):
    """img[top:top + height, left:left + width]."""
    return img[top:top + height, left:left + width].copy()


def center_crop(img, output_size):
    """Crops the centre output_size (int or (h, w)) region."""
    th, tw = _size_pair(output_size, "output_size")
    arr, _ = _to_array(img)
    h, w = arr.shape[:2]
    return crop(img, int(round((h - th) / 2.0)), int(round((w - tw) / 2.0)), th, tw)


def _padding4(padding):
    """padding -> (left, top, right, bottom)."""
    if isinstance(padding, numbers.Integral):
        return (int(padding),) * 4
    if isinstance(padding, (list, tuple)) and all(isinstance(p, numbers.Integral) for p in padding):
        if len(padding) == 2:
            return (padding[0], padding[1], padding[0], padding[1])
        if len(padding) == 4:
            return tuple(padding)
    raise TypeError(f"expected padding to be an int or a sequence of 2 or 4 ints, but got {padding!r}")


@_image_op
def pad(img, padding, fill=0, padding_mode="constant"):
    """Pads the borders: padding int, (left/right, top/bottom) or (left, top, right, bottom)."""
    if padding_mode not in _PAD_MODES:
        raise ValueError(f"expected padding_mode to be one of {_PAD_MODES}, but got {padding_mode!r}")
    left, top, right, bottom = _padding4(padding)
    widths = [(top, bottom), (left, right)] + [(0, 0)] * (img.ndim - 2)
    if padding_mode != "constant":
        return np.pad(img, widths, mode=padding_mode)
    if isinstance(fill, numbers.Number):
        return np.pad(img, widths, mode="constant", constant_values=fill)
    fill = np.asarray(fill, img.dtype).reshape(-1)
    out = np.empty((img.shape[0] + top + bottom, img.shape[1] + left + right) + img.shape[2:], img.dtype)
    out[...] = fill if img.ndim == 3 else fill[0]
    out[top:top + img.shape[0], left:left + img.shape[1]] = img
    return out


def _fill_array(fill, channels):
    fill = np.asarray(fill, np.float64).reshape(-1)
    if fill.size not in (1, channels):
        raise ValueError(f"expected fill to have 1 or {channels} values, but got {fill.size}")
    return np.broadcast_to(fill, (channels,)).astype(np.float64)


@_image_op
def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=0):
    """Rotates counter-clockwise by angle degrees (inverse mapping, see the module note)."""
    _check_interpolation(interpolation)
    if not isinstance(angle, numbers.Number):
        raise TypeError(f"expected angle to be a number, but got {type(angle).__name__}")
    squeeze = img.ndim == 2
    src = img[:, :, None] if squeeze else img
    h, w, c = src.shape
    cx, cy = ((w - 1) * 0.5, (h - 1) * 0.5) if center is None else (float(center[0]), float(center[1]))
    theta = math.radians(angle)
    cos, sin = math.cos(theta), math.sin(theta)
    oh, ow, ocx, ocy = h, w, cx, cy
    if expand:
        # Bounding box of the rotated pixel-edge corners (rounded to kill float noise).
        ow = int(math.ceil(round(abs(w * cos) + abs(h * sin), 6)))
        oh = int(math.ceil(round(abs(w * sin) + abs(h * cos), 6)))
        ocx, ocy = (ow - 1) * 0.5, (oh - 1) * 0.5
        if center is not None:
            ocx, ocy = ocx + cx - (w - 1) * 0.5, ocy + cy - (h - 1) * 0.5
    ys, xs = np.meshgrid(np.arange(oh, dtype=np.float64), np.arange(ow, dtype=np.float64), indexing="ij")
    dx, dy = xs - ocx, ys - ocy
    sx = cos * dx - sin * dy + cx
    sy = sin * dx + cos * dy + cy
    eps = 1e-6
    data = src.astype(np.float64)
    fill = _fill_array(fill, c)
    if interpolation == "nearest":
        ix, iy = np.floor(sx + 0.5 + eps).astype(np.int64), np.floor(sy + 0.5 + eps).astype(np.int64)
        valid = (ix >= 0) & (ix < w) & (iy >= 0) & (iy < h)
        out = data[np.clip(iy, 0, h - 1), np.clip(ix, 0, w - 1)]
    else:
        valid = (sx >= -eps) & (sx <= w - 1 + eps) & (sy >= -eps) & (sy <= h - 1 + eps)
        sx, sy = np.clip(sx, 0, w - 1), np.clip(sy, 0, h - 1)
        x0, y0 = np.floor(sx).astype(np.int64), np.floor(sy).astype(np.int64)
        x1, y1 = np.minimum(x0 + 1, w - 1), np.minimum(y0 + 1, h - 1)
        wx, wy = (sx - x0)[..., None], (sy - y0)[..., None]
        out = ((data[y0, x0] * (1 - wx) + data[y0, x1] * wx) * (1 - wy)
               + (data[y1, x0] * (1 - wx) + data[y1, x1] * wx) * wy)
    out = np.where(valid[..., None], out, fill)
    out = _cast_like(out, src)
    return out[:, :, 0] if squeeze else out


def _gray(img):
    """ITU-R 601-2 luma of an RGB HWC array, float64, shape HxW."""
    if img.ndim != 3 or img.shape[2] != 3:
        raise ValueError(f"expected an RGB image with 3 channels, but got shape {list(img.shape)}")
    data = img.astype(np.float64)
    return data[..., 0] * 0.299 + data[..., 1] * 0.587 + data[..., 2] * 0.114


@_image_op
def to_grayscale(img, num_output_channels=1):
    """RGB -> luma (0.299 R + 0.587 G + 0.114 B) with 1 or 3 output channels."""
    if num_output_channels not in (1, 3):
        raise ValueError(f"expected num_output_channels to be 1 or 3, but got {num_output_channels!r}")
    gray = _cast_like(_gray(img), img)[..., None]
    return np.repeat(gray, num_output_channels, axis=2)


def _blend(img, other, ratio):
    """ratio * img + (1 - ratio) * other, clipped to [0, 255] (integers) or [0, 1] (floats)."""
    out = ratio * img.astype(np.float64) + (1.0 - ratio) * other
    return _cast_like(np.clip(out, 0.0, _bound(img)), img)


def _check_factor(value, name):
    if not isinstance(value, numbers.Number) or value < 0:
        raise ValueError(f"expected {name} to be a non-negative number, but got {value!r}")


@_image_op
def adjust_brightness(img, brightness_factor):
    """Scales the values by brightness_factor (0 gives black, 1 the original)."""
    _check_factor(brightness_factor, "brightness_factor")
    return _blend(img, 0.0, brightness_factor)


@_image_op
def adjust_contrast(img, contrast_factor):
    """Blends with the mean grey level (0 gives a flat grey image, 1 the original)."""
    _check_factor(contrast_factor, "contrast_factor")
    return _blend(img, _gray(img).mean(), contrast_factor)


@_image_op
def adjust_saturation(img, saturation_factor):
    """Blends with the greyscale image (0 gives grey, 1 the original)."""
    _check_factor(saturation_factor, "saturation_factor")
    return _blend(img, _gray(img)[..., None], saturation_factor)


def _rgb_to_hsv(rgb):
    maxc, minc = rgb.max(axis=-1), rgb.min(axis=-1)
    v = maxc
    delta = maxc - minc
    s = np.where(maxc > 0, delta / np.where(maxc > 0, maxc, 1.0), 0.0)
    safe = np.where(delta > 0, delta, 1.0)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    rc, gc, bc = (maxc - r) / safe, (maxc - g) / safe, (maxc - b) / safe
    h = np.where(r == maxc, bc - gc, np.where(g == maxc, 2.0 + rc - bc, 4.0 + gc - rc))
    h = np.where(delta > 0, (h / 6.0) % 1.0, 0.0)
    return h, s, v


def _hsv_to_rgb(h, s, v):
    i = np.floor(h * 6.0)
    f = h * 6.0 - i
    p, q, t = v * (1.0 - s), v * (1.0 - s * f), v * (1.0 - s * (1.0 - f))
    i = i.astype(np.int64) % 6
    choices = [np.stack(c, axis=-1) for c in
               ((v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q))]
    out = np.zeros(h.shape + (3,))
    for k, choice in enumerate(choices):
        out = np.where((i == k)[..., None], choice, out)
    return out


@_image_op
def adjust_hue(img, hue_factor):
    """Shifts the hue (HSV) by hue_factor turns, hue_factor in [-0.5, 0.5]."""
    if not isinstance(hue_factor, numbers.Number) or not -0.5 <= hue_factor <= 0.5:
        raise ValueError(f"expected hue_factor to be in [-0.5, 0.5], but got {hue_factor!r}")
    if img.ndim != 3 or img.shape[2] != 3:
        raise ValueError(f"expected an RGB image with 3 channels, but got shape {list(img.shape)}")
    bound = _bound(img)
    h, s, v = _rgb_to_hsv(img.astype(np.float64) / bound)
    out = _hsv_to_rgb((h + hue_factor) % 1.0, s, v) * bound
    return _cast_like(out, img)


def erase(img, i, j, h, w, v, inplace=False):
    """Sets img[i:i + h, j:j + w] (a CHW Tensor: img[:, i:i + h, j:j + w]) to v."""
    if _is_tensor(img):
        arr = img.numpy().copy()
        v = v.numpy() if _is_tensor(v) else np.asarray(v)
        arr[:, i:i + h, j:j + w] = v.reshape(-1, 1, 1) if v.ndim == 1 else v
        out = paddle.to_tensor(arr)
        if inplace:
            img.set_value(arr)
            return img
        return out
    arr, _ = _to_array(img)
    if not inplace:
        arr = arr.copy()
    arr[i:i + h, j:j + w] = v
    return arr
