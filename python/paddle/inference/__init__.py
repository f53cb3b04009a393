"""paddle.inference: the Predictor API (Config, create_predictor) over the C++ paddle_infer
library, with PaddlePaddle's snake_case method names."""
from paddle.base.libpaddle import inference as _inference

Config = _inference.Config
Predictor = _inference.Predictor
Tensor = _inference.Tensor
DataType = _inference.DataType
PrecisionType = _inference.PrecisionType
create_predictor = _inference.create_predictor
get_version = _inference.get_version
