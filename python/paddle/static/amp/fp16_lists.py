"""Which ops automatic mixed precision runs in 16 bits (white), keeps in float32 (black), or
lets follow their inputs (gray), as PaddlePaddle's AMP lists define them."""
import copy

# Ops whose speed comes from the matrix units: always 16-bit.
WHITE_LIST = {"conv2d", "depthwise_conv2d", "matmul", "matmul_v2", "mul", "bmm",
              "fused_gemm_epilogue", "conv2d_transpose"}
# Ops that lose accuracy in 16 bits (large sums, exponentials, losses): always float32.
BLACK_LIST = {"exp", "square", "log", "mean", "sum", "reduce_sum", "reduce_mean", "reduce_prod",
              "cumsum", "softmax", "softmax_with_cross_entropy", "log_softmax", "cross_entropy",
              "cross_entropy2", "sigmoid_cross_entropy_with_logits", "nll_loss", "huber_loss",
              "layer_norm", "group_norm", "p_norm", "squared_l2_norm", "pow", "rsqrt", "softplus",
              "update_loss_scaling", "check_finite_and_unscale", "accuracy", "top_k", "top_k_v2",
              "lookup_table_v2", "lookup_table", "dropout", "bce_loss", "kldiv_loss"}
# Inputs (and outputs) that stay float32 whatever the op's precision: normalization statistics.
FP32_SLOTS = {"batch_norm": {"Scale", "Bias", "Mean", "Variance", "MeanOut", "VarianceOut",
                             "SavedMean", "SavedVariance", "ReserveSpace"}}


class AutoMixedPrecisionLists:
    """White, black and gray op lists with the user's additions (a name in both custom lists
    is refused)."""

    def __init__(self, custom_white_list=None, custom_black_list=None,
                 custom_black_varnames=None, dtype="float16"):
        self.white_list = copy.copy(WHITE_LIST)
        self.black_list = copy.copy(BLACK_LIST)
        self.black_varnames = set(custom_black_varnames or ())
        self.dtype = dtype
        white, black = set(custom_white_list or ()), set(custom_black_list or ())
        both = white & black
        if both:
            raise ValueError(f"expected an op in at most one custom list, but {sorted(both)} are "
                             "in both custom_white_list and custom_black_list")
        self.white_list = (self.white_list | white) - black
        self.black_list = (self.black_list | black) - white


CustomOpLists = AutoMixedPrecisionLists
