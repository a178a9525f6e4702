"""pullzone_certificate against the simulator: a hostname's certificate, compared by what a read exposes of it."""

import base64
import pathlib

import jinja2
import pytest
import yaml

from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.certificates import Certificate
from ansible_collections.bunnynet.cloud.plugins.modules import dns_record, pullzone_certificate
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.certificate_fixtures import (
    KEY_PREAMBLE,
    fingerprint,
    make_certificate,
    not_after,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.pull_zone_fixtures import ZONE_ID, assets_zone, read_zone, writes

ZONE_PATH = "/pullzone/%d" % ZONE_ID
HOST = "cdn.example.com"


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(pullzone_certificate, simulator.api_args(pull_zone_id=ZONE_ID, **options), check_mode=check_mode, diff=diff)


def load(simulator, **extra):
    simulator.load(pull_zones=[assets_zone()], **extra)


def hostname_record(simulator, name=HOST):
    return next(hostname for hostname in read_zone(simulator, includeCertificate="true")["Hostnames"] if hostname["Value"] == name)


def certificate_requests(simulator):
    """``(method, path)`` of every request but the reads of the zone: the writes, and the GET that loads a free certificate."""
    return [(entry["method"], entry["path"]) for entry in simulator.requests() if entry["path"] != ZONE_PATH]


def read_back(simulator, name=HOST):
    """The hostname's certificate as the module shows it, read past the module."""
    record = hostname_record(simulator, name)
    parsed = Certificate.from_api(record["Certificate"]) if record["HasCertificate"] else None
    return {
        "hostname": record["Value"], "is_system_hostname": record["IsSystemHostname"], "has_certificate": record["HasCertificate"],
        "source": ["unknown", "http", "dns", "custom", "managed"][record["CertificateProvisionType"]],
        "key_type": ["ecdsa", "rsa"][record["CertificateKeyType"]],
        "fingerprint_sha256": parsed.fingerprint if parsed else None, "not_after": parsed.not_after_text if parsed else None,
    }


@pytest.fixture
def own_certificate():
    return make_certificate([HOST, "www.example.com"])


def custom(pem, key, **options):
    return dict(hostname=HOST, source="custom", certificate=pem, certificate_key=key, **options)


# --- Custom certificates ------------------------------------------------------------------------------

def test_a_custom_certificate_is_uploaded_base64_and_predicted_by_its_fingerprint(simulator, own_certificate):
    load(simulator)
    pem, key, parsed = own_certificate

    checked = run(simulator, check_mode=True, diff=True, **custom(pem, key))
    assert writes(simulator) == []
    applied = run(simulator, diff=True, **custom(pem, key))

    assert [(method, path) for method, path, _body in writes(simulator)] == [("POST", ZONE_PATH + "/addCertificate")]
    body = writes(simulator)[0][2]
    assert base64.b64decode(body["Certificate"]).decode() == pem and base64.b64decode(body["CertificateKey"]).decode() == key
    assert applied["certificate"]["fingerprint_sha256"] == fingerprint(parsed)
    assert applied["certificate"]["not_after"] == not_after(parsed)
    assert checked["diff"]["before"]["has_certificate"] is False and checked["diff"]["after"]["source"] == "custom"
    assert_prediction_holds(checked["certificate"], applied["certificate"], read_back(simulator))
    assert run(simulator, **custom(pem, key))["changed"] is False


def test_the_key_never_reaches_a_result_or_a_diff(simulator, own_certificate):
    load(simulator)
    pem, key, _parsed = own_certificate

    result = run(simulator, diff=True, **custom(pem, key))

    assert KEY_PREAMBLE.strip() not in repr(result)
    assert "PRIVATE KEY" not in repr(result)
    assert "BEGIN CERTIFICATE" not in repr((result["certificate"], result["diff"]))
    assert result["invocation"]["module_args"]["certificate_key"] == "VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"


def test_a_renewed_certificate_replaces_the_one_whose_fingerprint_differs(simulator, own_certificate):
    load(simulator)
    pem, key, _parsed = own_certificate
    run(simulator, **custom(pem, key))
    renewed_pem, renewed_key, renewed = make_certificate([HOST])

    result = run(simulator, diff=True, **custom(renewed_pem, renewed_key))

    assert result["changed"] is True
    assert result["diff"]["before"]["fingerprint_sha256"] != result["diff"]["after"]["fingerprint_sha256"] == fingerprint(renewed)
    assert read_back(simulator)["fingerprint_sha256"] == fingerprint(renewed)


def test_a_custom_certificate_the_read_does_not_carry_is_left_unless_forced(simulator, own_certificate):
    load(simulator)
    pem, key, _parsed = own_certificate
    # As the brief of the API warns: a custom certificate a read does not return.
    simulator.load(pull_zones=[assets_zone(Hostnames=[{"Value": HOST, "HasCertificate": True, "CertificateProvisionType": 3}])])

    left = run(simulator, **custom(pem, key))
    forced = run(simulator, force=True, **custom(pem, key))

    assert left["changed"] is False and left["certificate"]["fingerprint_sha256"] is None
    assert forced["changed"] is True
    assert [path for _method, path, _body in writes(simulator)] == [ZONE_PATH + "/addCertificate"]


def test_a_certificate_bunny_net_made_is_replaced_by_ones_own(simulator, own_certificate):
    load(simulator)
    run(simulator, hostname=HOST, source="free")
    pem, key, _parsed = own_certificate

    result = run(simulator, **custom(pem, key))

    assert result["changed"] is True and result["certificate"]["source"] == "custom"


def test_a_certificate_file_and_key_file_are_read_on_the_host(simulator, own_certificate, tmp_path):
    load(simulator)
    pem, key, parsed = own_certificate
    (tmp_path / "cert.pem").write_text(pem)
    (tmp_path / "key.pem").write_text(key)

    result = run(simulator, hostname=HOST, source="custom", certificate_file=str(tmp_path / "cert.pem"), certificate_key_file=str(tmp_path / "key.pem"))

    assert result["certificate"]["fingerprint_sha256"] == fingerprint(parsed)
    assert KEY_PREAMBLE.strip() not in repr(result)


@pytest.mark.parametrize("certificate, problem", [
    (make_certificate(["other.example.com"]), "the certificate is for other.example.com, not for cdn.example.com"),
    (make_certificate([HOST], days=10, starts_days_ago=30), "the certificate expired on "),
    (make_certificate([HOST], starts_days_ago=-5), "the certificate is not valid before "),
    (make_certificate([HOST], encrypted=True), "the certificate key is encrypted; the API takes the key without a passphrase"),
])
def test_a_certificate_that_cannot_serve_the_hostname_fails_before_any_request(simulator, certificate, problem):
    pem, key, _parsed = certificate

    result = run(simulator, **custom(pem, key))

    assert result["failed"] is True
    assert problem in result["msg"]
    assert simulator.requests() == []


def test_a_wildcard_certificate_serves_one_label_below_its_domain(simulator):
    load(simulator)
    pem, key, _parsed = make_certificate(["*.example.com"])

    one_label_deeper = custom(pem, key)
    one_label_deeper["hostname"] = "a.cdn.example.com"

    assert run(simulator, **custom(pem, key))["changed"] is True
    assert "not for a.cdn.example.com" in run(simulator, **one_label_deeper)["msg"]


def test_a_certificate_without_alternative_names_is_matched_by_its_common_name(simulator):
    load(simulator)
    pem, key, _parsed = make_certificate([HOST], alt_names=False)

    assert run(simulator, **custom(pem, key))["changed"] is True


def test_text_that_is_no_certificate_fails_naming_what_it_lacks(simulator):
    result = run(simulator, **custom("not a certificate", "-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----"))

    assert result["failed"] is True
    assert "the certificate holds no PEM certificate (-----BEGIN CERTIFICATE-----)" in result["msg"]
    assert simulator.requests() == []


# --- Certificates bunny.net makes -----------------------------------------------------------------------

def test_a_free_certificate_is_loaded_once_and_predicted_as_validated_over_http(simulator):
    load(simulator)

    checked = run(simulator, check_mode=True, hostname=HOST, source="free")
    applied = run(simulator, hostname=HOST, source="free")

    assert certificate_requests(simulator) == [("GET", "/pullzone/loadFreeCertificate")]
    assert_prediction_holds(checked["certificate"], applied["certificate"], read_back(simulator))
    assert applied["certificate"]["source"] == "http"
    assert run(simulator, hostname=HOST, source="free")["changed"] is False


def test_a_key_type_is_set_before_the_certificate_is_asked_for(simulator):
    load(simulator)

    result = run(simulator, hostname=HOST, source="free", key_type="rsa")

    assert certificate_requests(simulator) == [("POST", ZONE_PATH + "/updatePrivateKeyType"), ("GET", "/pullzone/loadFreeCertificate")]
    assert writes(simulator)[0][2] == {"Hostname": HOST, "KeyType": 1}
    assert result["certificate"]["key_type"] == "rsa" == read_back(simulator)["key_type"]
    assert run(simulator, hostname=HOST, key_type="rsa")["changed"] is False


def test_a_dns_validation_returns_its_challenge_then_completes(simulator):
    load(simulator)
    options = dict(hostname=HOST, source="dns_validation")

    checked = run(simulator, check_mode=True, **options)
    requested = run(simulator, **options)
    completed = run(simulator, complete=True, **options)

    assert checked["changed"] is True and checked["challenge"] is None
    assert requested["changed"] is True
    assert requested["challenge"]["record_type"] == "TXT" and requested["challenge"]["record_name"] == "_acme-challenge." + HOST
    assert requested["certificate"]["has_certificate"] is False
    assert [path for _method, path, _body in writes(simulator)] == [
        "/pullzone/requestExternalDnsCertificate", "/pullzone/completeExternalDnsCertificate"]
    assert completed["certificate"]["source"] == "dns" == read_back(simulator)["source"]
    assert run(simulator, **options)["changed"] is False
    assert "challenge" not in run(simulator, **options)


def test_an_http_validation_returns_the_file_to_serve(simulator):
    load(simulator)

    requested = run(simulator, hostname=HOST, source="http_validation")
    completed = run(simulator, hostname=HOST, source="http_validation", complete=True)

    assert requested["challenge"]["file_path"].startswith("/.well-known/acme-challenge/")
    assert completed["certificate"]["source"] == "http"
    assert writes(simulator)[-1][1] == "/pullzone/completeExternalHttpCertificate"


def test_a_wildcard_certificate_is_issued_through_the_bunny_dns_zone(simulator):
    simulator.load(pull_zones=[assets_zone(Hostnames=[{"Value": "*.example.com"}])], dns_zones=[{"Id": 7, "Domain": "example.com"}])

    checked = run(simulator, check_mode=True, hostname="*.example.com", source="wildcard", dns_zone_id=7)
    applied = run(simulator, hostname="*.example.com", source="wildcard", dns_zone_id=7)

    assert writes(simulator) == [("POST", "/dnszone/7/certificate/issue", {"Domain": "example.com"})]
    assert_prediction_holds(checked["certificate"], applied["certificate"], read_back(simulator, "*.example.com"))
    assert run(simulator, hostname="*.example.com", source="wildcard", dns_zone_id=7)["changed"] is False


def test_a_wildcard_without_its_dns_zone_fails_before_any_request(simulator):
    result = run(simulator, hostname="*.example.com", source="wildcard")

    assert result["failed"] is True
    assert "dns_zone_id" in result["msg"]
    assert simulator.requests() == []


# --- Removal and refusals ---------------------------------------------------------------------------------

def test_absent_removes_the_certificate_once(simulator):
    load(simulator)

    checked = run(simulator, check_mode=True, hostname="secure.example.com", state="absent")
    applied = run(simulator, hostname="secure.example.com", state="absent")

    assert writes(simulator) == [("DELETE", ZONE_PATH + "/removeCertificate", {"Hostname": "secure.example.com"})]
    assert_prediction_holds(checked["certificate"], applied["certificate"], read_back(simulator, "secure.example.com"))
    assert run(simulator, hostname="secure.example.com", state="absent")["changed"] is False


def test_absent_for_a_hostname_the_zone_lacks_is_ok(simulator):
    load(simulator)

    result = run(simulator, hostname="nowhere.example.com", state="absent")

    assert result["changed"] is False and result["certificate"] is None


def test_a_hostname_the_zone_lacks_is_refused_before_any_write(simulator):
    load(simulator)

    result = run(simulator, hostname="nowhere.example.com", source="free")

    assert result["failed"] is True
    assert "nowhere.example.com is not a hostname of pull zone 10; add it with bunnynet.cloud.pullzone_hostname first" in result["msg"]
    assert writes(simulator) == []


def test_the_system_hostnames_certificate_is_bunny_nets(simulator):
    load(simulator)

    result = run(simulator, hostname="assets.b-cdn.net", state="absent")

    assert result["failed"] is True
    assert "assets.b-cdn.net is the system hostname of pull zone 10, whose certificate bunny.net manages" in result["msg"]
    assert writes(simulator) == []


def test_a_lost_upload_answer_is_settled_by_reading_the_fingerprint(simulator, own_certificate):
    load(simulator)
    pem, key, parsed = own_certificate
    simulator.fault(method="POST", path="/addCertificate$", drop_connection=True, apply=True, count=1)

    result = run(simulator, **custom(pem, key))

    assert result["changed"] is True
    assert len(writes(simulator)) == 1
    assert read_back(simulator)["fingerprint_sha256"] == fingerprint(parsed)


def test_a_missing_zone_is_named(simulator):
    result = run_module(pullzone_certificate, simulator.api_args(pull_zone_id=99, hostname=HOST, source="free"))

    assert result["msg"] == "Pull zone 99 was not found (HTTP 404)."


# --- Reading certificates without a library --------------------------------------------------------------

def test_a_certificate_reads_as_the_api_spells_it_base64_or_base64url_of_pem_or_der(own_certificate):
    pem, _key, parsed = own_certificate
    der = Certificate.from_pem(pem).der

    for encoded in (base64.b64encode(pem.encode()), base64.urlsafe_b64encode(der).rstrip(b"="), base64.b64encode(der)):
        assert Certificate.from_api(encoded.decode()).fingerprint == fingerprint(parsed)
    assert Certificate.from_api("LS0tLS1CRUdJTiBnYXJiYWdl") is None
    assert Certificate.from_api(None) is None


def test_a_certificate_valid_past_2049_reads_its_generalized_time():
    pem, _key, parsed = make_certificate([HOST], days=365 * 40)

    assert Certificate.from_pem(pem).not_after_text == not_after(parsed)


EXAMPLES_FOLDER = pathlib.Path(__file__).parents[4] / "playbooks" / "files" / "examples"


def test_the_examples_run_in_the_sandbox_as_written_and_converge(simulator, monkeypatch):
    """Each example from the sandbox's state, in order, with the sandbox's variables; run again, nothing changes (the
    validated hostname has its certificate, so no challenge is asked for and none published)."""
    simulator.load(**yaml.safe_load((EXAMPLES_FOLDER.parents[2] / "tests" / "simulator" / "fixtures" / "examples.yml").read_text()))
    variables = yaml.safe_load((EXAMPLES_FOLDER / "group_vars" / "all.yml").read_text())
    monkeypatch.chdir(EXAMPLES_FOLDER)
    modules = {"bunnynet.cloud.pullzone_certificate": pullzone_certificate, "bunnynet.cloud.dns_record": dns_record}
    for round_number in (1, 2):
        for task in yaml.safe_load(pullzone_certificate.EXAMPLES):
            (name, module), = [(name, modules[name]) for name in task if name in modules]
            if "when" in task and jinja2.Template("{{ %s }}" % task["when"]).render(**variables) in ("", "None", "False"):
                continue
            args = yaml.safe_load(jinja2.Template(yaml.safe_dump(task[name])).render(**variables))
            result = run_module(module, simulator.api_args(**args))
            assert result.get("failed") is not True, (task["name"], result.get("msg"))
            assert result["changed"] is (round_number == 1), task["name"]
            if "register" in task:
                variables[task["register"]] = result
