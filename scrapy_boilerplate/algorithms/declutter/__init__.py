"""html-declutter: prune, shake and purify a parsed page into clean HTML and its text."""

from __future__ import annotations

from lxml import etree

from ...html.xpath import xpaths
from ...model import BAD, GOOD, Labelled
from .blocks import DeclutterBlock
from .options import DeclutterOptions
from .prune import PRUNED, prune
from .purify import purify, serialize
from .shake import BLESSED, KEPT, Verdict, shake

__all__ = ["DeclutterBlock", "DeclutterOptions", "run"]

_KEPT_DECISIONS = frozenset({KEPT, BLESSED})


def run(root: etree._Element, options: DeclutterOptions, url: str | None = None) -> Labelled:
    """Declutter the page under ``root``, which is left as it is."""
    pruned = prune(root, options)
    verdicts = shake(root, pruned, options)
    document, segments = purify(root, pruned, verdicts, options)

    starts = [segment.start for segment in segments]
    locations = xpaths(starts)
    unscored = Verdict(KEPT, None)
    blocks = []
    for segment, location in zip(segments, locations):
        decider = segment.decider
        if decider in pruned:
            verdict = Verdict(PRUNED, None)
        else:
            verdict = verdicts.get(decider, unscored)
        chars = len(segment.text)
        blocks.append(DeclutterBlock(
            text=segment.text,
            label=GOOD if verdict.decision in _KEPT_DECISIONS else BAD,
            xpath=location,
            chars=chars,
            words=len(segment.text.split()),
            link_density=segment.chars_in_links / chars,
            decision=verdict.decision,
            score=verdict.score,
            tag=decider.tag if isinstance(decider.tag, str) else "",
        ))
    return Labelled(blocks, starts, html=serialize(document))
