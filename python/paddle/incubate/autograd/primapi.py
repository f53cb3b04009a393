"""to_prim: explicit decomposition of static blocks into primitive ops."""
from collections.abc import Sequence

from paddle.base import core
from paddle.base.framework import Block


def to_prim(blocks, blacklist=frozenset(), whitelist=frozenset()):
    """Rewrites the composite ops of `blocks` (a Block or a sequence of Blocks of one program)
    that have a decomposition rule into primitive ops, in place. Only op types in `whitelist`
    (all when empty) and not in `blacklist` are rewritten; the blacklist wins. As in
    PaddlePaddle it acts only while forward prim is enabled
    (paddle.framework.core._set_prim_forward_enabled(True) or enable_prim())."""
    from paddle.decomposition import _check_sets, decompose_block
    if not core._is_fwd_prim_enabled():
        return
    if isinstance(blocks, Block):
        blocks = [blocks]
    elif isinstance(blocks, Sequence):
        for item in blocks:
            if not isinstance(item, Block):
                raise TypeError("expected a Block or a sequence of Blocks, but the sequence "
                                f"holds a {type(item).__name__}")
    else:
        raise TypeError("expected a Block or a sequence of Blocks, but got "
                        f"{type(blocks).__name__}")
    _check_sets(blacklist, whitelist)
    for block in blocks:
        decompose_block(block, frozenset(blacklist), frozenset(whitelist))
