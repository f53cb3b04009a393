"""ParamAttr: how a layer creates a parameter (name, initializer, learning-rate multiplier,
regularizer, trainable, clipping)."""


class ParamAttr:
    def __init__(self, name=None, initializer=None, learning_rate=1.0, regularizer=None,
                 trainable=True, do_model_average=True, need_clip=True):
        if learning_rate is not None and learning_rate < 0:
            raise ValueError(f"expected a non-negative learning_rate, but got {learning_rate}")
        self.name = name
        self.initializer = initializer
        self.learning_rate = learning_rate
        self.regularizer = regularizer
        self.trainable = trainable
        self.do_model_average = do_model_average
        self.need_clip = need_clip

    @staticmethod
    def _to_attr(arg):
        from paddle.nn.initializer import Initializer

        if arg is None:
            return ParamAttr()
        if isinstance(arg, ParamAttr):
            return arg
        if isinstance(arg, str):
            return ParamAttr(name=arg)
        if isinstance(arg, Initializer):
            return ParamAttr(initializer=arg)
        if arg is False:
            return False
        if arg is True:
            return ParamAttr()
        raise TypeError(f"expected a ParamAttr, a name, an initializer or a bool, but got {type(arg).__name__}")


WeightNormParamAttr = ParamAttr
