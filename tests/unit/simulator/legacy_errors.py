"""The legacy error body of the scripting, pull zone and video library areas, as tests check it."""

LEGACY_KEYS = {"ErrorKey", "Field", "Message"}


def assert_legacy_error(answer, status, field=None, key=None):
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == LEGACY_KEYS
    if field is not None:
        assert body["Field"] == field
    if key is not None:
        assert body["ErrorKey"] == key
