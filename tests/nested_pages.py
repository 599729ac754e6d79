"""Pages of nested elements, for the property tests that hold a walk over libxml2's nodes to lxml's reading."""

from __future__ import annotations

from hypothesis import strategies as st

#: What stands between elements beside text: what lxml reads as no text, and an entity.
BETWEEN = ["<!--c-->", "<?pi x?>", "<![CDATA[d]]>", "&amp;", ""]


def nested_pages(tags: list[str], attributes: list[str], values: st.SearchStrategy[str],
                 texts: st.SearchStrategy[str], most_roots: int) -> st.SearchStrategy[str]:
    """Up to ``most_roots`` elements of ``tags``, nested five deep at most, each with up to three of
    ``attributes`` (their values drawn from ``values``), texts, tails, comments, processing
    instructions, CDATA sections and entities."""

    @st.composite
    def pages(draw: st.DrawFn) -> str:
        def element(depth: int) -> str:
            tag = draw(st.sampled_from(tags))
            written = "".join(f' {name}="{draw(values)}"' for name in draw(
                st.lists(st.sampled_from(attributes), max_size=3, unique=True)))
            children = "".join(element(depth + 1) if draw(st.booleans()) else draw(st.sampled_from(BETWEEN))
                               + draw(texts) for _ in range(draw(st.integers(0, 3 if depth < 4 else 0))))
            return f"<{tag}{written}>{draw(texts)}{children}</{tag}>{draw(texts)}"
        return "".join(element(0) for _ in range(draw(st.integers(1, most_roots))))

    return pages()
