"""The resource engine's parts that need no API: fields, comparison, prediction, the pull zone's declared rules."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import comparable
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Resource, Writes, name_taken, unknown_names
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import (
    PULL_ZONE,
    describe_error,
    desired_zone,
    kind_problem,
    settings_problems,
    zone_problems,
)

ORIGIN_TYPES = {"url": 0, "storage_zone": 2}


def test_a_named_field_sends_the_number_and_shows_the_name():
    field = Field("origin_type", "OriginType", names=ORIGIN_TYPES)
    assert field.to_api("storage_zone") == {"OriginType": 2}
    assert field.from_api({"OriginType": 2}) == "storage_zone"
    assert field.argument_spec() == {"type": "str", "choices": ["url", "storage_zone"]}


def test_a_number_no_name_stands_for_passes_through():
    assert Field("origin_type", "OriginType", names=ORIGIN_TYPES).from_api({"OriginType": 9}) == 9


def test_a_field_read_under_another_name_is_read_there():
    field = Field("webp_vary", "EnableWebpVary", type="bool", read_as="EnableWebPVary")
    assert field.from_api({"EnableWebPVary": True, "EnableWebpVary": False}) is True


def test_lists_compare_as_sets_unless_ordered():
    assert Field("x", "X", type="list").same(["b", "a"], ["a", "b"])
    assert not Field("x", "X", type="list", ordered=True).same(["b", "a"], ["a", "b"])


def test_case_is_ignored_only_when_asked():
    assert Field("x", "X", type="list", ignore_case=True).same(["KP", "ru"], ["RU", "kp"])
    assert not Field("x", "X", type="list").same(["KP"], ["kp"])


def test_comparable_folds_nested_lists_and_dicts():
    assert comparable({"a": ["y", "x"]}) == {"a": ["x", "y"]}
    assert comparable({"a": ["Y", "x"]}, ignore_case=True) == {"a": ["x", "y"]}


ZONE = {"Id": 7, "Name": "site", "OriginUrl": "https://a.example", "BlockedCountries": ["KP"], "EnableWebPVary": False,
        "UseStaleWhileUpdating": False, "UseBackgroundUpdate": False, "EnableGeoZoneEU": True, "EnableGeoZoneUS": True,
        "EnableGeoZoneASIA": True, "EnableGeoZoneSA": True, "EnableGeoZoneAF": True}


def test_only_what_differs_is_sent():
    wanted = {"OriginUrl": "https://a.example", "BlockedCountries": ["kp"], "CacheControlMaxAgeOverride": 60}
    assert PULL_ZONE.differences(ZONE, wanted) == {"CacheControlMaxAgeOverride": 60}


def test_a_setting_the_read_spells_otherwise_compares_with_the_read_name():
    assert PULL_ZONE.differences(ZONE, {"EnableWebpVary": False}) == {}
    assert PULL_ZONE.differences(ZONE, {"EnableWebpVary": True}) == {"EnableWebpVary": True}
    assert PULL_ZONE.predicted(ZONE, {"EnableWebpVary": True})["EnableWebPVary"] is True


def test_regions_stand_for_the_five_region_switches():
    wanted = desired_zone(dict(regions=["EU", "US"]))
    assert PULL_ZONE.differences(ZONE, wanted) == {"EnableGeoZoneASIA": False, "EnableGeoZoneSA": False, "EnableGeoZoneAF": False}


def test_a_zone_result_shows_regions_as_switches_and_types_by_name():
    projected = PULL_ZONE.project(dict(ZONE, OriginType=2, Type=1, LogAnonymizationType=0))
    assert (projected["origin_type"], projected["type"], projected["log_anonymization_type"]) == ("storage_zone", "volume", "one_digit")
    assert projected["enable_geo_zone_eu"] is True


def test_serving_stale_while_updating_is_predicted_to_turn_background_updates_on():
    assert PULL_ZONE.predicted(ZONE, {"UseStaleWhileUpdating": True})["UseBackgroundUpdate"] is True
    assert PULL_ZONE.predicted(ZONE, {"UseStaleWhileOffline": True})["UseBackgroundUpdate"] is False


def test_background_updates_off_while_serving_stale_while_updating_is_refused():
    assert zone_problems(ZONE, {"UseStaleWhileUpdating": True, "UseBackgroundUpdate": False}) == [
        "background_update=false cannot hold while stale_while_updating is true: the API turns background updates "
        "on to serve stale content while it updates"]
    assert zone_problems(dict(ZONE, UseStaleWhileUpdating=True), {"UseBackgroundUpdate": False})
    assert zone_problems(dict(ZONE, UseStaleWhileUpdating=True), {"UseStaleWhileUpdating": False, "UseBackgroundUpdate": False}) == []


@pytest.mark.parametrize("origin_type, noun", [(4, "an Edge Script"), (5, "a Magic Containers app")])
def test_an_origin_url_for_an_origin_the_api_addresses_itself_is_refused(origin_type, noun):
    assert zone_problems(dict(ZONE, OriginType=origin_type), {"OriginUrl": "https://x.example"}) == [
        "origin_url cannot be set for a zone whose origin is %s: the API sets that address itself" % noun]
    assert zone_problems(ZONE, {"OriginType": origin_type, "OriginUrl": "https://x.example"})
    assert zone_problems(dict(ZONE, OriginType=origin_type), {"OriginType": 0, "OriginUrl": "https://x.example"}) == []


def test_a_new_zone_is_checked_without_a_record():
    assert zone_problems(None, {"OriginType": 4, "OriginUrl": "https://x.example"})


def test_settings_take_any_property_of_the_update_model():
    assert settings_problems({"EnableWebSockets": True, "MaxWebSocketConnections": 500, "IpFamilyPolicy": 1,
                              "LimitRateAfter": 1.5, "CookieVaryParameters": ["session"], "OptimizerClasses": []}) == []


def test_an_unknown_setting_is_refused_with_the_closest_names():
    assert settings_problems({"EnableWebsockets": True}) == [
        "EnableWebsockets is not a property of the pull zone update model (did you mean EnableWebSockets?)"]


def test_a_setting_an_option_covers_is_refused_naming_the_option():
    assert settings_problems({"OriginUrl": "https://x", "EnableGeoZoneEU": False}) == [
        "settings.OriginUrl is set with the option origin_url; give it there",
        "settings.EnableGeoZoneEU is set with the option regions; give it there"]


def test_a_setting_a_read_never_returns_is_refused():
    assert settings_problems({"CacheControlBrowserMaxAgeOverride": 60}) == [
        "settings.CacheControlBrowserMaxAgeOverride cannot be managed: the API deprecated it; use browser_cache_expiration"]


def test_the_dns_origin_settings_are_the_options_that_compare_them_through_the_origin_url():
    assert settings_problems({"DnsOriginPort": 8080, "DnsOriginScheme": "https"}) == [
        "settings.DnsOriginPort is set with the option dns_origin_port; give it there",
        "settings.DnsOriginScheme is set with the option dns_origin_scheme; give it there"]


@pytest.mark.parametrize("name, value, rule", [
    ("EnableWebSockets", "true", "a boolean"),
    ("MaxWebSocketConnections", True, "an integer"),
    ("LimitRateAfter", "fast", "a number"),
    ("CacheKeyHeaders", 5, "a string"),
    ("CookieVaryParameters", "session", "a list of strings"),
    ("OptimizerClasses", ["small"], "a list of dicts"),
    ("IpFamilyPolicy", 4, "one of 0, 1, 2, 3"),
    ("OptimizerImageQuality", 0, "an integer from 1 to 100"),
    ("OptimizerImageQuality", 101, "an integer from 1 to 100"),
])
def test_a_setting_of_the_wrong_kind_is_refused_naming_the_kind(name, value, rule):
    assert settings_problems({name: value}) == ["settings.%s must be %s, got %r" % (name, rule, value)]


def test_a_null_setting_is_of_every_kind():
    assert kind_problem("bool", None) is None


def test_unknown_names_suggest_a_name_that_differs_only_in_case():
    assert unknown_names({"ENABLEWEBSOCKETS": 1}, {"EnableWebSockets": "bool"}, "the model") == [
        "ENABLEWEBSOCKETS is not a property of the model (did you mean EnableWebSockets?)"]


def test_unknown_names_suggest_the_nearest_spellings():
    assert unknown_names({"EnableWebSocket": 1}, {"EnableWebSockets": "bool", "EnableWebpVary": "bool", "Name": "str"}, "the model") == [
        "EnableWebSocket is not a property of the model (did you mean EnableWebSockets or EnableWebpVary?)"]


def test_a_name_nothing_resembles_gets_no_suggestion():
    assert unknown_names({"Colour": 1}, {"EnableWebSockets": "bool"}, "the model") == ["Colour is not a property of the model"]


def test_options_and_settings_make_one_desired_state():
    assert desired_zone(dict(origin_url="https://a", type="volume", cache_expiration=None, settings={"EnableWebSockets": True})) == {
        "OriginUrl": "https://a", "Type": 1, "EnableWebSockets": True}


def test_the_argument_spec_has_id_key_fields_state_and_the_lock():
    spec = PULL_ZONE.argument_spec(settings=dict(type="dict"))
    assert spec["id"] == {"type": "int"}
    assert spec["name"] == {"type": "str"}
    assert spec["regions"] == {"type": "list", "elements": "str", "choices": ["AF", "ASIA", "EU", "SA", "US"]}
    assert spec["state"] == {"type": "str", "choices": ["present", "absent"], "default": "present"}
    assert spec["lock_timeout"] == {"type": "int", "default": 600}
    assert spec["settings"] == {"type": "dict"}


def test_a_resource_without_serialised_writes_has_no_lock_option():
    resource = Resource("thing", "thing", Field("name", "Name"), (), "/things", "/things/{id}")
    assert "lock_timeout" not in resource.argument_spec()


def test_a_taken_name_is_explained_as_unique_across_bunny_net():
    error = BunnyApiError("POST", "/pullzone", 400, {"ErrorKey": "pullzone.name_taken", "Field": "Name", "Message": "The name is already taken."})
    assert describe_error(error) == (
        "POST /pullzone failed with status 400: The name is already taken (Name: The name is already taken). The name of a "
        "pull zone is unique across all of bunny.net, not only your account; choose another name.")


@pytest.mark.parametrize("method, path, status, body, taken", [
    ("POST", "/pullzone", 400, {"ErrorKey": "pullzone.name_taken", "Message": "Taken."}, True),
    ("POST", "/pullzone", 400, {"ErrorKey": "validation", "Field": "Name", "Message": "Taken."}, True),
    ("POST", "/pullzone/1", 400, {"ErrorKey": "pullzone.name_taken", "Field": "Name", "Message": "Taken."}, False),
    ("PUT", "/pullzone", 400, {"ErrorKey": "pullzone.name_taken", "Field": "Name", "Message": "Taken."}, False),
    ("POST", "/pullzone", 409, {"ErrorKey": "pullzone.name_taken", "Field": "Name", "Message": "Taken."}, False),
    ("POST", "/pullzone", 400, {"ErrorKey": "pullzone.invalid_origin", "Field": "OriginUrl", "Message": "Bad."}, False),
], ids=["by its key", "by its field", "an update", "another method", "another status", "another field"])
def test_a_taken_name_is_a_400_to_the_create_that_names_the_name(method, path, status, body, taken):
    assert name_taken(BunnyApiError(method, path, status, body), PULL_ZONE) is taken


def test_other_errors_keep_their_own_sentence():
    assert describe_error(BunnyApiError("POST", "/pullzone/1", 400, {"ErrorKey": "x", "Field": "OriginUrl", "Message": "Bad."})) is None


class Finished(Exception):
    """How the stand-in module ends a run, as exit_json and fail_json end a real one."""

    def __init__(self, **result):
        super().__init__(result)
        self.result = result


class StandInClient:
    write_applied = False

    def __init__(self, records):
        self.records = records

    def get(self, path, params=None):
        return next(record for record in self.records if path.endswith("/%s" % record["Id"]))

    def paginate(self, path, params=None, shape="pages"):
        return iter(self.records)


class StandInModule:
    """Enough of BunnyModule for the engine: parameters, check mode, writes recorded, the ends of a run."""

    def __init__(self, records, check_mode=False, **params):
        self.client = StandInClient(records)
        self.check_mode = check_mode
        self.params = dict(dict(id=None, name=None, state="present", lock_timeout=1), **params)
        self.written = []

    def write(self, method, path, body=None, params=None, confirm=None):
        self.written.append((method, path, body))

    def fail(self, msg, **extra):
        raise Finished(failed=True, msg=msg, **extra)

    def refuse(self, problems, msg="Invalid input: %s.", key="invalid_options"):
        if problems:
            self.fail(msg % "; ".join(problems), **({key: problems} if key else {}))

    def exit_resource(self, changed, before, after, **extra):
        raise Finished(changed=changed, before=before, after=after)


THING = Field("name", "Name", create_only=True)
BADGES = Paths("/badges", "/badges/{id}")
COLOUR = Field("colour", "Colour")


def converge(resource, records, desired, **params):
    module = StandInModule(records, **params)
    with pytest.raises(Finished) as finished:
        resource.converge(module, desired)
    return finished.value.result, module.written


def test_a_resource_the_api_cannot_change_refuses_a_difference_in_check_mode_too():
    fixed = Resource("badge", "badge", THING, (COLOUR,), BADGES, writes=Writes(update=None))

    result, written = converge(fixed, [{"Id": 1, "Name": "a", "Colour": "red"}], {"Colour": "blue"}, name="a", check_mode=True)

    assert result == {"failed": True, "msg": "The API cannot change a badge once created; colour differs."}
    assert written == []


def test_a_resource_the_api_cannot_delete_says_why_with_the_record():
    kept = Resource("badge", "badge", THING, (), BADGES,
                    writes=Writes(delete=None, no_delete="Badge %(Name)s (%(Id)s) cannot be deleted: the API has no delete."))

    result, written = converge(kept, [{"Id": 1, "Name": "a"}], {}, name="a", state="absent")

    assert result == {"failed": True, "msg": "Badge a (1) cannot be deleted: the API has no delete."}
    assert written == []


def test_a_resource_the_api_cannot_delete_is_absent_when_there_is_none():
    kept = Resource("badge", "badge", THING, (), BADGES, writes=Writes(delete=None, no_delete="never shown"))

    result, _written = converge(kept, [], {}, name="a", state="absent")

    assert result["changed"] is False


def test_two_records_with_the_key_fail_and_list_their_ids():
    things = Resource("badge", "badge", THING, (), BADGES)

    result, written = converge(things, [{"Id": 1, "Name": "a"}, {"Id": 2, "Name": "a"}], {}, name="a")

    assert result == {"failed": True, "msg": "2 badges are named 'a' (ids 1, 2); give the id of the one to manage.", "ids": [1, 2]}
    assert written == []


def test_the_request_hooks_shape_what_is_sent():
    class Wrapped(Resource):
        def create_request(self, module, body):
            return "PUT", "/badges/new", {"badge": body}

        def update_request(self, current, changes, after):
            return "PATCH", "/badges", {"id": current["Id"], "badge": changes}

    wrapped = Wrapped("badge", "badge", THING, (COLOUR,), BADGES)

    _result, created = converge(wrapped, [], {"Colour": "red"}, name="b")
    _result, updated = converge(wrapped, [{"Id": 1, "Name": "a", "Colour": "red"}], {"Colour": "blue"}, name="a")

    assert created == [("PUT", "/badges/new", {"badge": {"Colour": "red", "Name": "b"}})]
    assert updated == [("PATCH", "/badges", {"id": 1, "badge": {"Colour": "blue"}})]


def test_a_resource_names_several_by_its_plural():
    registries = Resource("container registry", "registry", THING, (), Paths("/registries", "/registries/{id}"), plural="container registries")

    result, _written = converge(registries, [{"Id": 1, "Name": "a"}, {"Id": 2, "Name": "a"}], {}, name="a")

    assert result["msg"].startswith("2 container registries are named 'a'")


def test_only_a_resource_with_locks_bounds_the_lock_timeout():
    assert Resource("badge", "badge", THING, (), BADGES).rules() == (("id", dict(minimum=1)),)
    assert PULL_ZONE.rules() == (("id", dict(minimum=1)), ("lock_timeout", dict(minimum=1)))


def test_a_create_model_narrower_than_the_update_model_splits_a_create_into_its_own_names_and_an_update():
    resource = Resource("zone", "zone", Field("name", "Name"), [], Paths("/zone", "/zone/{id}"),
                        writes=Writes(create_names={"Name": "Name", "ReplicationZones": "ReplicationRegions"}))
    body = {"Name": "site", "ReplicationZones": ["NY"], "Rewrite404To200": True}

    assert resource.split_create(body) == ({"Name": "site", "ReplicationRegions": ["NY"]}, {"Rewrite404To200": True})
    assert Resource("zone", "zone", Field("name", "Name"), [], Paths("/zone", "/zone/{id}")).split_create(body) == (body, {})


class Refused(Exception):
    pass


class CheckModule:
    """What a create reads of its module before any request: the options, check mode, a failure."""

    check_mode = True

    def __init__(self, **params):
        self.params = params

    def fail(self, msg, **_result):
        raise Refused(msg)


def test_a_create_without_the_options_it_needs_names_each_of_them():
    resource = Resource("storage zone", "zone", Field("name", "Name"), [], Paths("/zone", "/zone/{id}"), writes=Writes(create_requires=("region", "zone_tier")))

    refused = resource.plan_create(CheckModule(name="media", region=None, zone_tier=None), {})
    one_refused = resource.plan_create(CheckModule(name="media", region="DE", zone_tier=None), {})

    # A problem of the plan, which the one apply refuses before any write; the plan has no write.
    assert refused.refusal % "; ".join(refused.problems) == "Storage zone 'media' does not exist; region and zone_tier are required to create it."
    assert one_refused.refusal % "; ".join(one_refused.problems) == "Storage zone 'media' does not exist; zone_tier is required to create it."
    assert refused.writes == [] and refused.refusal_key is None


def test_a_create_only_field_and_a_change_the_api_cannot_make_are_refused_together_in_one_message():
    fixed = Resource("badge", "badge", Field("name", "Name", create_only=True), (COLOUR,), BADGES, writes=Writes(update=None))

    result, written = converge(fixed, [{"Id": 1, "Name": "a", "Colour": "red"}], {"Colour": "blue"}, id=1, name="b", check_mode=True)

    assert result == {"failed": True, "msg": "badge 1: name can only be set when the badge is created, and differs from what it has; delete it "
                                             "and create it again to change it; The API cannot change a badge once created; colour differs."}
    assert written == []
