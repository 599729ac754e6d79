"""BOILERPLATE_* settings: conversion, precedence down to request meta, and errors at start-up."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_twisted
from conftest import BASE_SETTINGS, PageSpider
from lxml import etree
from scrapy.crawler import Crawler
from scrapy.settings import Settings

from scrapy_boilerplate import ALGORITHMS, Addon, BoilerplateMiddleware, OptionError
from scrapy_boilerplate.components import BoilerplateSettings, SettingError

ADDON = {"ADDONS": {Addon: 0}}
EXAMPLE_PROJECT = Path(__file__).resolve().parent.parent / "example_project"


def test_text_values_are_converted_by_the_type_of_the_default():
    settings = Settings({"BOILERPLATE_LENGTH_LOW": "50", "BOILERPLATE_NO_HEADINGS": "true",
                         "BOILERPLATE_MAX_LINK_DENSITY": "0.5", "BOILERPLATE_STOPLIST": "german"})
    options = BoilerplateSettings.from_settings(settings).options
    assert (options.length_low, options.no_headings, options.max_link_density) == (50, True, 0.5)
    assert options.stoplist.name == "German"


@pytest.mark.parametrize(("setting", "value"), [
    ("BOILERPLATE_LENGTH_LOW", -1),
    ("BOILERPLATE_LENGTH_LOW", "fifty"),
    ("BOILERPLATE_LENGTH_LOW", 500),  # above length_high
    ("BOILERPLATE_STOPLIST", "Klingon"),
    ("BOILERPLATE_STOPLIST", "/no/such/stoplist.txt"),
    ("BOILERPLATE_ALGORITHM", "magic"),
    ("BOILERPLATE_NO_HEADINGS", "maybe"),
    ("BOILERPLATE_MIN_TEXT_LENGTH", -5),
    ("BOILERPLATE_WORKERS", -1),
    ("BOILERPLATE_WORKERS", "two"),
    ("BOILERPLATE_TEXT_FIELD", None),
])
def test_invalid_values_name_the_setting(setting, value):
    with pytest.raises(SettingError) as raised:
        BoilerplateSettings.from_settings(Settings({setting: value}))
    assert raised.value.setting == setting
    assert setting in str(raised.value) and repr(value) in str(raised.value)


@pytest.mark.parametrize(("setting", "value"), [("BOILERPLATE_LENGTH_LOW", -1), ("BOILERPLATE_STOPLIST", "Klingon")])
@pytest_twisted.inlineCallbacks
def test_invalid_setting_stops_the_crawl_before_any_request(server, caplog, setting, value):
    crawler = Crawler(PageSpider, {**BASE_SETTINGS, **ADDON, setting: value})
    with caplog.at_level(logging.ERROR), pytest.raises(SettingError):
        yield crawler.crawl(start_urls=[server + "article.html"], results=[])
    assert "downloader/request_count" not in crawler.stats.get_stats()
    [message] = [r.getMessage() for r in caplog.records if setting in r.getMessage()]
    assert repr(value) in message and "the crawl does not start" in message


@pytest.mark.parametrize(("setting", "message"), [
    ("BOILERPLATE_LENGTH_LOW=-1", "invalid value for BOILERPLATE_LENGTH_LOW: -1 (must be at least 0)"),
    # Options of algorithms not selected (a request's meta may select them), in their dict settings:
    ('BOILERPLATE_LEARNED={"threshold": 2}',
     "invalid value for BOILERPLATE_LEARNED['threshold']: 2 (must be at most 1)"),
    ('BOILERPLATE_DECLUTTER={"words_weight": "abc"}',
     "invalid value for BOILERPLATE_DECLUTTER['words_weight']: 'abc' (expected a number)"),
    ('BOILERPLATE_BOILERPIPE_ARTICLE={"end_marker_max_words": -4}',
     "invalid value for BOILERPLATE_BOILERPIPE_ARTICLE['end_marker_max_words']: -4 (must be at least 0)"),
    ("BOILERPLATE_LENGHT_LOW=5", "unknown setting BOILERPLATE_LENGHT_LOW"),
    # An option of another algorithm than the one selected (jusText, the default):
    ("BOILERPLATE_THRESHOLD=0.5", "invalid value for BOILERPLATE_THRESHOLD: '0.5' (a setting of learned, not of "
     "justext, which BOILERPLATE_ALGORITHM selects; learned's, for requests that select it, in BOILERPLATE_LEARNED)"),
], ids=["selected", "learned", "declutter", "boilerpipe", "unknown", "another algorithm's"])
def test_scrapy_crawl_refused_for_an_invalid_setting_exits_1_with_one_line(setting, message):
    command = [sys.executable, "-m", "scrapy", "crawl", "articles", "-s", setting]
    done = subprocess.run(command, cwd=EXAMPLE_PROJECT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    [line] = [line for line in done.stderr.splitlines() if setting.split("=")[0] in line]
    if setting.startswith("BOILERPLATE_LENGHT_LOW"):  # unknown: named as such, with the closest known name
        assert line.endswith("unknown setting BOILERPLATE_LENGHT_LOW in the command line settings "
                             "(did you mean BOILERPLATE_LENGTH_LOW?): the crawl does not start")
    else:
        assert line.endswith(f"{message} in the command line settings: the crawl does not start")


def test_misspelt_setting_is_refused_as_unknown_with_the_closest_name():
    with pytest.raises(SettingError, match=r"^unknown setting BOILERPLATE_LENGHT_LOW in the project settings "
                                           r"\(did you mean BOILERPLATE_LENGTH_LOW\?\)$"):
        BoilerplateSettings.from_settings(Settings({"BOILERPLATE_LENGHT_LOW": 5}))


def test_options_of_every_algorithm_are_validated_and_kept():
    settings = BoilerplateSettings.from_settings(Settings({"BOILERPLATE_LEARNED": {"threshold": "0.25"},
                                                            "BOILERPLATE_BOILERPIPE_ARTICLE": {"end_marker_max_words": 3},
                                                            "BOILERPLATE_LENGTH_LOW": 50}))
    assert settings.algorithm == "justext" and settings.options.length_low == 50
    assert settings.algorithm_options["learned"].threshold == 0.25
    assert settings.algorithm_options["learned"].length_low == 70  # jusText's setting is jusText's alone
    assert settings.algorithm_options["boilerpipe-article"].end_marker_max_words == 3
    assert settings.algorithm_options["justext"] is settings.options


def test_each_algorithm_reads_its_own_options_and_the_shared_stoplist():
    settings = BoilerplateSettings.from_settings(Settings({
        "BOILERPLATE_ALGORITHM": "learned", "BOILERPLATE_STOPLIST": "German", "BOILERPLATE_THRESHOLD": 0.5,
        "BOILERPLATE_LEARNED": {"length_low": 50}, "BOILERPLATE_JUSTEXT": {"spaces": True}}))
    learned, justext = settings.algorithm_options["learned"], settings.algorithm_options["justext"]
    assert (learned.threshold, learned.length_low, learned.stoplist.name) == (0.5, 50, "German")
    assert justext.spaces is True and justext.length_low == 70 and justext.stoplist.name == "German"
    with pytest.raises(SettingError, match=r"^unknown option BOILERPLATE_LEARNED\['lenght_low'\] in the project "
                                           r"settings \(not an option of learned; did you mean 'length_low'\?\)$"):
        BoilerplateSettings.from_settings(Settings({"BOILERPLATE_LEARNED": {"lenght_low": 50}}))


def test_an_options_name_nothing_reads_is_called_unknown_not_invalid():
    from scrapy_boilerplate import LearnedOptions, extract

    with pytest.raises(OptionError, match=r"^unknown option lenght_low \(not an option of learned; "
                                          r"did you mean length_low\?\)$"):
        LearnedOptions().replace(lenght_low=3)
    with pytest.raises(OptionError, match=r"^unknown option length_low \(not an option of boilerpipe-default; "
                                          r"its options: none\)$"):
        extract("<p>x</p>", algorithm="boilerpipe-default", length_low=3)
    with pytest.raises(SettingError, match=r"^unknown option BOILERPLATE_DECLUTTER\['stoplist'\] in the project "
                                           r"settings \(not an option of declutter; its options: poison_words, "):
        BoilerplateSettings.from_settings(Settings({"BOILERPLATE_DECLUTTER": {"stoplist": "German"}}))


def test_a_jusText_setting_stops_a_learned_crawl_naming_whose_setting_it_is():
    command = [sys.executable, "-m", "scrapy", "crawl", "articles", "-s", "BOILERPLATE_ALGORITHM=learned",
               "-s", "BOILERPLATE_LENGTH_LOW=50"]
    done = subprocess.run(command, cwd=EXAMPLE_PROJECT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    [line] = [line for line in done.stderr.splitlines() if "BOILERPLATE_LENGTH_LOW" in line]
    assert line.endswith("invalid value for BOILERPLATE_LENGTH_LOW: '50' (a setting of justext, not of learned, "
                         "which BOILERPLATE_ALGORITHM selects; learned's own length_low goes in BOILERPLATE_LEARNED "
                         "= {'length_low': ...}; justext's, for requests that select it, in BOILERPLATE_JUSTEXT) "
                         "in the command line settings: the crawl does not start")


@pytest.mark.parametrize(("priority", "origin"), [
    ("project", "project"), ("spider", "spider"), ("cmdline", "command line"), ("addon", "add-on")])
def test_an_error_names_the_settings_the_value_was_set_in(priority, origin):
    settings = Settings()
    settings.set("BOILERPLATE_WORDS_WEIGHT", "abc", priority=priority)
    with pytest.raises(SettingError, match=f"BOILERPLATE_WORDS_WEIGHT: 'abc' .* in the {origin} settings$"):
        BoilerplateSettings.from_settings(settings)


def test_the_former_no_headlines_setting_is_refused_naming_its_replacement():
    with pytest.raises(SettingError, match="BOILERPLATE_NO_HEADLINES.*renamed BOILERPLATE_H1_ALWAYS_GOOD"):
        BoilerplateSettings.from_settings(Settings({"BOILERPLATE_NO_HEADLINES": False}))


class FrenchSpider(PageSpider):
    custom_settings = {"BOILERPLATE_STOPLIST": "French"}


@pytest_twisted.inlineCallbacks
def test_precedence_defaults_project_spider_request(crawl, server):
    """The stoplist, set at each level: the page reports the one in effect as its language."""
    url = server + "article.html"
    project = {**ADDON, "BOILERPLATE_STOPLIST": "German"}
    default = yield crawl([url], ADDON)
    from_project = yield crawl([url], project)
    from_spider = yield crawl([url], project, FrenchSpider)
    from_request = yield crawl([url], project, FrenchSpider, request_meta={"boilerplate": {"stoplist": "Czech"}})
    languages = [outcome.items[0]["language"] for outcome in (default, from_project, from_spider, from_request)]
    assert languages == ["English", "German", "French", "Czech"]


@pytest_twisted.inlineCallbacks
def test_request_meta_options_apply_to_every_page_that_has_them(crawl, server):
    urls = [server + "article.html", server + "german.html"]
    outcome = yield crawl(urls, ADDON, request_meta={"boilerplate": {"stoplist": "German"}})
    assert [result.language for result in outcome.results] == ["German", "German"]


@pytest_twisted.inlineCallbacks
def test_an_unknown_request_meta_key_is_called_unknown(crawl, server):
    outcome = yield crawl([server + "article.html"], {**ADDON, "BOILERPLATE_ALGORITHM": "learned"},
                          request_meta={"boilerplate": {"lenght_low": 50}})
    [result] = outcome.results
    assert result.error == ('UnknownSetting: unknown option meta["boilerplate"]["lenght_low"] '
                            "(not an option of learned; did you mean length_low?)")


@pytest_twisted.inlineCallbacks
def test_invalid_request_meta_fails_only_that_page(crawl, server, caplog):
    with caplog.at_level(logging.ERROR):
        outcome = yield crawl([server + "article.html"], ADDON,
                              request_meta={"boilerplate": {"length_low": -3}})
    [result] = outcome.results
    assert result.extraction is None and 'meta["boilerplate"]["length_low"]' in result.error
    [item] = outcome.items
    assert item["text"] == "" and item["boilerplate_error"] == result.error
    assert outcome.stats["boilerplate/failures"] == 1
    assert any(server + "article.html" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
@pytest_twisted.inlineCallbacks
def test_every_registered_algorithm_crawls(crawl, server, algorithm):
    class AlgorithmSpider(PageSpider):
        custom_settings = {"BOILERPLATE_ALGORITHM": algorithm}

    outcome = yield crawl([server + "article.html"], ADDON, AlgorithmSpider)
    [item] = outcome.items
    assert "Farmers in the valley" in item["text"]
    assert "Privacy" not in item["text"]
    assert outcome.stats["boilerplate/pages"] == 1


@pytest_twisted.inlineCallbacks
def test_declutter_puts_the_clean_page_in_the_item_when_asked(crawl, server):
    class DeclutterSpider(PageSpider):
        custom_settings = {"BOILERPLATE_ALGORITHM": "declutter", "BOILERPLATE_CLEAN_HTML_FIELD": "clean_html"}

    outcome = yield crawl([server + "article.html"], ADDON, DeclutterSpider)
    [item] = outcome.items
    clean = etree.fromstring(item["clean_html"], etree.HTMLParser())
    assert "Farmers in the valley" in "".join(clean.itertext())
    assert "Privacy" not in "".join(clean.itertext())
    assert not clean.xpath("//script | //*[@id='nav']")
    assert "Farmers in the valley" in item["text"]


@pytest_twisted.inlineCallbacks
def test_no_clean_page_unless_asked(crawl, server):
    class DeclutterSpider(PageSpider):
        custom_settings = {"BOILERPLATE_ALGORITHM": "declutter"}

    outcome = yield crawl([server + "article.html"], ADDON, DeclutterSpider)
    [item] = outcome.items
    assert "clean_html" not in item and "html" not in item


@pytest.mark.parametrize("enabled", [{"DOWNLOADER_MIDDLEWARES": {BoilerplateMiddleware: 150}}, ADDON],
                         ids=["middleware only", "add-on"])
@pytest_twisted.inlineCallbacks
def test_pipeline_settings_without_the_pipeline_are_reported(crawl, server, caplog, enabled):
    with caplog.at_level(logging.WARNING):
        yield crawl([server + "article.html"], {**enabled, "BOILERPLATE_TEXT_FIELD": "body",
                                                "BOILERPLATE_DROP_EMPTY": True})
    messages = [r.getMessage() for r in caplog.records if "BOILERPLATE_" in r.getMessage()]
    expected = ["BOILERPLATE_TEXT_FIELD, BOILERPLATE_DROP_EMPTY set, but BoilerplatePipeline, which reads them, is "
                'not enabled: items keep their HTML. Enable the add-on (ADDONS = {"scrapy_boilerplate.Addon": 0}) '
                "or the pipeline."]
    assert messages == (expected if "ADDONS" not in enabled else [])


@pytest_twisted.inlineCallbacks
def test_request_meta_selecting_another_algorithm_gets_its_project_settings(crawl, server):
    # The options of learned, validated at start-up, with the project's stoplist and threshold.
    outcome = yield crawl([server + "german.html"], {**ADDON, "BOILERPLATE_STOPLIST": "German",
                                                     "BOILERPLATE_LEARNED": {"threshold": 0.99}},
                          request_meta={"boilerplate": {"algorithm": "learned"}})
    [result] = outcome.results
    assert result.error is None and result.extraction.algorithm == "learned"
    assert result.language == "German"
    lenient = yield crawl([server + "german.html"], {**ADDON, "BOILERPLATE_STOPLIST": "German"},
                          request_meta={"boilerplate": {"algorithm": "learned"}})
    assert len(lenient.results[0].text) > len(result.text)


@pytest_twisted.inlineCallbacks
def test_request_meta_conflicting_with_a_setting_names_both(crawl, server):
    outcome = yield crawl([server + "article.html"], {**ADDON, "BOILERPLATE_LENGTH_LOW": 150},
                          request_meta={"boilerplate": {"length_high": 100}})
    [result] = outcome.results
    assert result.error == ("SettingError: invalid value for BOILERPLATE_LENGTH_LOW (with meta[\"boilerplate\"] = "
                            "{'length_high': 100}): 150 (must not exceed length_high (100))")
