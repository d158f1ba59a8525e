"""The MCP endpoint as an assistant's client meets it: the official Python MCP SDK (PyPI `mcp`)
connects over Streamable HTTP, lists the five tools and calls each one; the figures match what
the JSON API gives for the same question, a long series comes down-sampled and says so, and
hostile arguments come back as tool errors."""
import asyncio
import json
import urllib.request

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client


def run(server, calls):
    """Connects to `server`'s /mcp, initializes, and runs `calls(session)`."""
    async def main():
        async with streamable_http_client(server.base + "/mcp") as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write) as session:
                initialized = await session.initialize()
                assert initialized.server_info.name == "Currency Converter"
                return await calls(session)
    return asyncio.run(main())


def api(server, path):
    with urllib.request.urlopen(server.base + path, timeout=30) as response:
        return json.loads(response.read())


def test_the_official_client_lists_five_tools_and_each_answers_as_the_api_does(history_app):
    async def calls(session):
        tools = await session.list_tools()
        names = [tool.name for tool in tools.tools]
        assert names == ["convert", "get_rates", "list_currencies", "list_providers", "convert_ledger"], names
        assert all(tool.input_schema["type"] == "object" and tool.output_schema for tool in tools.tools)
        results = {}
        results["convert"] = await session.call_tool(
            "convert", {"amount": "1250", "from": "USD", "to": "PLN", "date": "2026-03-04"})
        results["day"] = await session.call_tool("get_rates", {"date": "2026-03-04", "quotes": ["USD", "PLN"]})
        results["series"] = await session.call_tool("get_rates", {"start": "1999-01-04", "end": "2026-10-30", "quotes": "USD"})
        results["currencies"] = await session.call_tool("list_currencies", {})
        results["providers"] = await session.call_tool("list_providers", {})
        results["ledger"] = await session.call_tool(
            "convert_ledger", {"csv": "date;amount;currency\n04.03.2026;1.234,56;USD\n", "to": "EUR", "source": "ecb"})
        results["hostile"] = await session.call_tool("convert", {"amount": "1", "from": "USD", "to": "XYZ"})
        results["number"] = await session.call_tool("convert", {"amount": 12, "from": "USD", "to": "EUR"})
        return results

    results = run(history_app, calls)
    # The same figures as /api/v1/convert for the same question.
    expected = api(history_app, "/api/v1/convert?amount=1250&from=USD&to=PLN&date=2026-03-04")
    converted = results["convert"]
    assert not converted.is_error
    for key in ("result", "rate", "inverseRate", "ratesDate", "receipt"):
        assert converted.structured_content[key] == expected[key], key
    assert converted.content[0].text.startswith(f"1250 USD = {expected['result']} PLN.")
    day = results["day"].structured_content
    assert day["dates"] == 1 and [record["quote"] for record in day["records"]] == ["PLN", "USD"]
    assert day["records"] == api(history_app, "/v2/rates?date=2026-03-04&quotes=USD,PLN")
    # 27 years of days: 400 dates, evenly spread, the last kept, and it says so.
    series = results["series"]
    assert series.structured_content["downsampled"] is True and series.structured_content["dates"] == 400
    assert series.structured_content["records"][-1]["date"] == "2026-10-30"
    assert "down-sampled from" in series.content[0].text
    codes = [currency["iso_code"] for currency in results["currencies"].structured_content["currencies"]]
    assert "USD" in codes and "PLN" in codes
    assert results["providers"].structured_content["providers"][0]["key"] == "ECB"
    ledger = results["ledger"].structured_content
    assert ledger["csv"].splitlines()[0] == "date;amount;currency;rate;rate_date;source;converted;error"
    assert ledger["receipt"]["converted_lines"] == 1
    # Hostile arguments: tool errors with the API's words, the session still open.
    assert results["hostile"].is_error and "XYZ" in results["hostile"].content[0].text
    assert results["number"].is_error and results["number"].content[0].text.startswith("amount must be text")


def test_a_browser_origin_is_refused_and_get_is_not_allowed(app):
    request = urllib.request.Request(
        app.base + "/mcp", method="POST", data=b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        headers={"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                 "Origin": "http://attacker.example"})
    try:
        urllib.request.urlopen(request, timeout=10)
        raise AssertionError("a foreign Origin was served")
    except urllib.error.HTTPError as error:
        assert error.code == 403
    try:
        urllib.request.urlopen(app.base + "/mcp", timeout=10)
        raise AssertionError("GET /mcp was served")
    except urllib.error.HTTPError as error:
        assert error.code == 405 and error.headers["Allow"] == "POST"
