"""The OpenAPI document against the real API: every documented response of every endpoint is
produced by a real request, and its status, media type and body must match the document."""
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate as validate_spec
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from conftest import AppServer, ROOT, database_url, fresh_database

DOCUMENT = yaml.safe_load((ROOT / "Sources" / "App" / "Resources" / "openapi.yaml").read_text())

# One real request per documented response: (path, status) -> query.
CASES = {
    ("/api/v1/currencies", "200"): "",
    ("/api/v1/currencies", "503"): "",
    ("/api/v1/rates/latest", "200"): "?base=usd",
    ("/api/v1/rates/latest", "400"): "?base=EURO",
    ("/api/v1/rates/latest", "404"): "?base=QQQ",
    ("/api/v1/rates/latest", "503"): "",
    ("/api/v1/convert", "200"): "?from=USD&to=JPY&amount=1,5",
    ("/api/v1/convert", "400"): "?from=USD&amount=",
    ("/api/v1/convert", "422"): "?from=USD&to=XYZ&amount=01",
    ("/api/v1/convert", "503"): "?from=USD&to=EUR&amount=1",
    ("/api/v1/prices", "200"): "?base=EUR&quotes=USD&from=2025-05-01&to=2025-05-09&source=ecb",
    ("/api/v1/prices", "400"): "?from=2025-05-01",
    ("/api/v1/prices", "404"): "?base=EUR&quotes=USD&from=2020-01-01&to=2020-12-31&source=ecb",
    ("/api/v1/prices", "422"): "?base=EUR&from=2025-05-01&source=nbp",
    ("/api/v1/prices", "503"): "?base=EUR&from=2025-05-01",
    ("/api/v1/ledger/presets", "200"): "",
    ("/v1/latest", "200"): "?from=USD&to=EUR,GBP",
    ("/v1/latest", "400"): "?amount=1%01",
    ("/v1/latest", "503"): "",
    ("/v1/latest", "404"): "?from=QQQ",
    ("/v1/latest", "422"): "?amount=0",
    ("/v1/current", "200"): "?amount=100",
    ("/v1/current", "404"): "?to=QQQ",
    ("/v1/current", "422"): "?from=USD&to=usd",
    ("/v1/current", "400"): "?to=%7F",
    ("/v1/current", "503"): "?amount=100",
    # A templated path's case is the whole address.
    ("/v1/{dates}", "200"): "/v1/2025-05-01..?to=USD",
    ("/v1/{dates}", "404"): "/v1/1998-12-31",
    ("/v1/{dates}", "422"): "/v1/2025-02-30",
    ("/v1/{dates}", "400"): "/v1/2025-05-01%1F",
    ("/v1/{dates}", "503"): "/v1/2025-05-01..",
    ("/v1/currencies", "200"): "",
    ("/v1/currencies", "503"): "",
    ("/v2/rates", "200"): "?date=2025-05-09&quotes=USD,GBP",
    ("/v2/rates", "400"): "?base=%01",
    ("/v2/rates", "404"): "?date=1998-12-31",
    ("/v2/rates", "422"): "?date=2025-02-30",
    ("/v2/rates", "503"): "?date=2025-05-09",
    ("/v2/rate/{base}/{quote}", "200"): "/v2/rate/EUR/USD?date=2025-05-09",
    ("/v2/rate/{base}/{quote}", "400"): "/v2/rate/EUR/US%01",
    ("/v2/rate/{base}/{quote}", "404"): "/v2/rate/EUR/USD?date=1998-12-31",
    ("/v2/rate/{base}/{quote}", "422"): "/v2/rate/EUR/USD?date=2025-13-01",
    ("/v2/rate/{base}/{quote}", "503"): "/v2/rate/EUR/USD?date=2025-05-09",
    ("/v2/currencies", "200"): "",
    ("/v2/currencies", "400"): "?scope=%01",
    ("/v2/currencies", "422"): "?scope=some",
    ("/v2/currencies", "503"): "",
    ("/v2/currency/{code}", "200"): "/v2/currency/USD",
    ("/v2/currency/{code}", "400"): "/v2/currency/US%01",
    ("/v2/currency/{code}", "404"): "/v2/currency/XYZ",
    ("/v2/currency/{code}", "503"): "/v2/currency/USD",
    ("/v2/providers", "200"): "",
    ("/v2/providers", "400"): "?x=%01",
    ("/v2/providers", "503"): "",
    ("/v2/providers/{key}", "200"): "/v2/providers/ECB",
    ("/v2/providers/{key}", "400"): "/v2/providers/EC%01",
    ("/v2/providers/{key}", "404"): "/v2/providers/XYZ",
    ("/v2/providers/{key}", "422"): "/v2/providers/ECB?x=1",
    ("/v2/providers/{key}", "503"): "/v2/providers/ECB",
    ("/v2/providers/{key}/rates", "200"): "/v2/providers/ecb/rates?date=2025-05-09&quotes=USD",
    ("/v2/providers/{key}/rates", "400"): "/v2/providers/ecb/rates?base=%01",
    ("/v2/providers/{key}/rates", "404"): "/v2/providers/ecb/rates?date=1998-12-31",
    ("/v2/providers/{key}/rates", "422"): "/v2/providers/ecb/rates?providers=ECB",
    ("/v2/providers/{key}/rates", "503"): "/v2/providers/ecb/rates?date=2025-05-09",
}

# The one POST: (path, status) -> (query, content type, body, accept).
LEDGER = "date;amount;currency\r\n09.05.2025;1.234,56;USD\r\n08.05.2025;-10;GBP\r\n".encode()
POST_CASES = {
    ("/api/v1/ledger", "200"): ("?to=EUR&source=ecb", "text/csv", LEDGER, "application/json"),
    ("/api/v1/ledger", "400"): ("?to=%01", "text/csv", LEDGER, None),
    ("/api/v1/ledger", "413"): ("?to=EUR", "text/csv", b"date,amount,currency\n" + b"\n" * 1_000_001, None),
    ("/api/v1/ledger", "415"): ("?to=EUR", "application/zip", b"PK\x03\x04", None),
    ("/api/v1/ledger", "422"): ("?to=EUR", "text/csv", b"foo,bar,baz\n1,2,3\n", None),
    ("/api/v1/ledger", "503"): ("?to=EUR", "text/csv", LEDGER, None),
}


def address(path, case):
    return case if case.startswith("/") else path + case


def operation(path):
    item = DOCUMENT["paths"][path]
    return item.get("get") or item["post"]


def documented():
    for path in DOCUMENT["paths"]:
        for status in operation(path)["responses"]:
            yield path, status


def response_spec(path, status):
    spec = operation(path)["responses"][status]
    if "$ref" in spec:
        spec = DOCUMENT["components"]["responses"][spec["$ref"].split("/")[-1]]
    return spec


def fetch(base, url, data=None, headers=None):
    try:
        request = urllib.request.Request(base + url, data=data, headers=headers or {})
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


# OpenAPI 3.1 schemas are JSON Schema 2020-12; `#/components/...` references resolve in the document.
REGISTRY = Registry().with_resource("urn:openapi", Resource.from_contents(DOCUMENT, default_specification=DRAFT202012))


def anchored(schema):
    """The schema with each of its document-relative references (at any depth) pointed into the document."""
    if isinstance(schema, dict):
        return {key: "urn:openapi" + value if key == "$ref" and value.startswith("#") else anchored(value)
                for key, value in schema.items()}
    if isinstance(schema, list):
        return [anchored(value) for value in schema]
    return schema


def validator_for(schema):
    # A `$ref` may have siblings (a `pattern` on top of the referenced schema): JSON Schema 2020-12 applies both.
    return Draft202012Validator(anchored(schema), registry=REGISTRY, format_checker=Draft202012Validator.FORMAT_CHECKER)


@pytest.fixture(scope="module")
def empty_app(stub):
    """A second instance whose rates an operator deleted: it notices within a second and answers 503."""
    url = database_url("currency_converter_e2e_empty")
    server = AppServer(url, stub, extra_env={"RATES_SYNC_INTERVAL": "1"})
    psql = os.environ.get("PSQL", "psql")
    subprocess.run([psql, url.split("?")[0], "-qc", "DELETE FROM rate_snapshots"], check=True)
    deadline = time.time() + 15
    while fetch(server.base, "/api/v1/currencies")[0] != 503:
        assert time.time() < deadline, "the instance did not notice that the rates are gone"
        time.sleep(0.3)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def unreachable_app(stub):
    """An instance whose database stops taking connections after it started (the cluster stays up
    for the other suites): the ECB days it answers /v1 from are out of reach, so /v1 is a 503."""
    url = fresh_database("currency_converter_e2e_unreachable")
    server = AppServer(url, stub)
    psql = os.environ.get("PSQL", "psql")
    name = "currency_converter_e2e_unreachable"
    admin = database_url("postgres")
    subprocess.run([psql, admin, "-qc", f"ALTER DATABASE {name} ALLOW_CONNECTIONS false",
                    "-c", f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"],
                   check=True, capture_output=True)
    deadline = time.time() + 15
    while fetch(server.base, "/v1/latest")[0] != 503:
        assert time.time() < deadline, "the instance still answers /v1 without its database"
        time.sleep(0.3)
    yield server
    server.stop()
    subprocess.run([psql, admin, "-qc", f"ALTER DATABASE {name} ALLOW_CONNECTIONS true"], check=True)


def server_for(path, status, app, empty_app, unreachable_app):
    """The API's 503 is for rates nobody stored; Frankfurter's (v1 and v2) is for a database out of reach."""
    if status != "503":
        return app
    return unreachable_app if path.startswith(("/v1/", "/v2/")) else empty_app


def test_the_document_is_valid_openapi_3_1(app):
    validate_spec(DOCUMENT)
    status, headers, body = fetch(app.base, "/api/v1/openapi.yaml")
    assert status == 200 and headers["Content-Type"].startswith("application/yaml")
    assert yaml.safe_load(body) == DOCUMENT


def test_every_documented_response_has_a_case():
    assert set(documented()) == set(CASES) | set(POST_CASES)


def perform(server, path, status):
    if (path, status) in POST_CASES:
        query, content_type, body, accept = POST_CASES[(path, status)]
        headers = {"Content-Type": content_type, **({"Accept": accept} if accept else {})}
        return fetch(server.base, path + query, data=body, headers=headers)
    return fetch(server.base, address(path, CASES[(path, status)]))


@pytest.mark.parametrize("path,status", sorted(CASES) + sorted(POST_CASES))
def test_real_response_matches_the_document(app, empty_app, unreachable_app, path, status):
    server = server_for(path, status, app, empty_app, unreachable_app)
    got, headers, body = perform(server, path, status)
    assert str(got) == status, body
    spec = response_spec(path, status)
    media_type = headers["Content-Type"].split(";")[0]
    assert media_type in spec["content"], f"{media_type} is not documented for {status}"
    instance = json.loads(body)
    errors = sorted(validator_for(spec["content"][media_type]["schema"]).iter_errors(instance), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors]
    for header in spec.get("headers", {}):
        assert header in headers, f"{header} is documented but missing"
    if media_type == "application/problem+json":
        assert instance["status"] == got


def test_examples_in_the_document_match_their_schemas():
    for path, status in documented():
        for media_type, content in response_spec(path, status)["content"].items():
            if "example" in content:
                errors = list(validator_for(content["schema"]).iter_errors(content["example"]))
                assert not errors, (path, status, [e.message for e in errors])


# For each parameter: values to try, with the others at their examples. The API must answer 400
# exactly when the document's schema refuses the value (empty, spaces, malformed), and something
# else (200, 404, 422) when the schema accepts it. (The ledger's POST: its own cases above and Schemathesis.)
PARAMETER_PROBES = ["", "   ", "usd", " usd ", "EURO", "QQQ", "US", "01", "1,5", "100"]


@pytest.mark.parametrize("path", [p for p in DOCUMENT["paths"] if DOCUMENT["paths"][p].get("get", {}).get("parameters")])
def test_document_and_api_agree_on_malformed_parameters(app, path):
    parameters = [p for p in DOCUMENT["paths"][path]["get"]["parameters"] if p["in"] == "query"]
    for parameter in DOCUMENT["paths"][path]["get"]["parameters"]:
        if parameter["in"] == "path":
            path = path.replace("{" + parameter["name"] + "}", parameter["schema"]["example"])
    examples = {p["name"]: p["schema"]["example"] for p in parameters}
    for parameter in parameters:
        validator = validator_for(parameter["schema"])
        for value in PARAMETER_PROBES:
            query = "&".join(f"{name}={urllib.parse.quote(value if name == parameter['name'] else example)}"
                             for name, example in examples.items())
            status, _, body = fetch(app.base, f"{path}?{query}")
            assert (status == 400) == (not validator.is_valid(value)), (path, parameter["name"], repr(value), status, body[:200])


def test_schemathesis_finds_nothing_the_document_does_not_say(app):
    """Schemathesis (OpenAPI fuzzing) runs every check it has over every operation: examples, the
    schemas' edges and random values, wrong methods, missing parameters. Each answer must be one
    the document lists, with its content type, headers and schema, never a 5xx; values the schemas
    refuse must be refused, and values they accept must not get a 400."""
    result = subprocess.run(
        [sys.executable, "-m", "schemathesis.cli", "--config-file", str(ROOT / "Tests" / "e2e" / "schemathesis.toml"),
         "--no-color", "run", app.base + "/api/v1/openapi.yaml", "--url", app.base, "--checks", "all",
         "--phases", "examples,coverage,fuzzing", "--max-examples", os.environ.get("SCHEMATHESIS_EXAMPLES", "80"),
         "--seed", "20261123", "--workers", "1", "--request-timeout", "10"],
        capture_output=True, text=True, timeout=600, cwd=ROOT / "artifacts")  # where it keeps its replays
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "17 selected / 17 total" in result.stdout, result.stdout[:2000]
