"""paddle.vision.transforms: NumPy-based image transforms (classes and the functional module)."""
from paddle.vision.transforms import functional  # noqa: F401
from paddle.vision.transforms.functional import (adjust_brightness, adjust_contrast,  # noqa: F401
                                                 adjust_hue, adjust_saturation, center_crop, crop,
                                                 erase, hflip, normalize, pad, resize, rotate,
                                                 to_grayscale, to_tensor, vflip)
from paddle.vision.transforms.transforms import (BaseTransform, BrightnessTransform,  # noqa: F401
                                                 CenterCrop, ColorJitter, Compose, ContrastTransform,
                                                 Grayscale, HueTransform, Normalize, Pad,
                                                 RandomCrop, RandomErasing, RandomHorizontalFlip,
                                                 RandomResizedCrop, RandomRotation,
                                                 RandomVerticalFlip, Resize, SaturationTransform,
                                                 ToTensor, Transpose)
