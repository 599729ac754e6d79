from scrapy_boilerplate.xpath import PathStrings, to_string


def test_to_string_joins_the_chain():
    div = (((None, "html", 1), "body", 1), "div", 2)
    assert to_string((div, "p", 3)) == "/html[1]/body[1]/div[2]/p[3]"
    assert to_string(None) == ""


def test_path_strings_extend_the_last_parent_and_rejoin_any_other():
    html = (None, "html", 1)
    body = (html, "body", 1)
    div = (body, "div", 2)
    xpath_of = PathStrings().string
    assert xpath_of((div, "p", 1)) == "/html[1]/body[1]/div[2]/p[1]"
    assert xpath_of((div, "p", 2)) == "/html[1]/body[1]/div[2]/p[2]"
    assert xpath_of(div) == "/html[1]/body[1]/div[2]"  # another parent
    assert xpath_of((div, "p", 3)) == "/html[1]/body[1]/div[2]/p[3]"  # and back
    assert xpath_of(html) == "/html[1]"
    assert xpath_of(None) == ""
