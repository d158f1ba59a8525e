-- wrk script for scripts/bench. `wrk -s bench.lua URL -- MODE`:
--   fixed    the URL's own path on every request
--   result   the converter's result page, a random pair and amount per request
--   api      /api/v1/convert, a random pair and amount per request
--   history  /rates/FROM/TO, a random pair per request
--   history-all  /rates/FROM/TO?range=all, all 27 years of a random pair per request
--   frankfurter  /v1/DAY?from=BASE, a random business-day-or-not since 1999 and base per request
--   v2       /v2/rates?base=BASE&date=DAY, the blend of a random day of the last year against a random base
--   v2-past  /v2/rates?base=BASE&date=DAY, a random day of the last $BENCH_YEARS years (scripts/bench-history)
--   result-past  the converter's result page on a random day of the last $BENCH_YEARS years, random pair and amount
--   mcp      POST /mcp, tools/call convert of a random pair and amount (the JSON-RPC id varied too)
-- Varying every request means no cache keyed by URL can answer the benchmark.
-- `done` prints one line: BENCH requests duration_us p50_us p99_us errors_4xx_5xx socket_errors
-- The ECB's currencies of its newest bundled day (BGN left with the euro in 2026).
local codes = {
  "AUD", "BRL", "CAD", "CHF", "CNY", "CZK", "DKK", "EUR", "GBP", "HKD", "HUF", "IDR", "ILS", "INR",
  "ISK", "JPY", "KRW", "MXN", "MYR", "NOK", "NZD", "PHP", "PLN", "RON", "SEK", "SGD", "THB", "TRY", "USD", "ZAR",
}
-- Bases the ECB has quoted every day since 1999, so that every Frankfurter request has an answer.
local bases = {
  "EUR", "USD", "JPY", "GBP", "CHF", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "HKD", "SGD", "KRW", "ZAR", "CZK", "HUF", "PLN",
}
local mode = "fixed"
-- The years of history scripts/bench-history stored (every provider's): past days are drawn from them.
local years = tonumber(os.getenv("BENCH_YEARS") or "1")

-- Any day of the last `years` years to 2026-10-30 (20,756 days after 1970-01-01).
local function past_day()
  return os.date("!%Y-%m-%d", (20756 - math.random(0, math.floor(365.25 * years) - 1)) * 86400)
end

function init(args)
  mode = args[1] or "fixed"
  -- Each wrk thread has its own Lua state: seed each differently.
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
end

local function pair()
  local from = codes[math.random(#codes)]
  local to
  repeat to = codes[math.random(#codes)] until to ~= from
  return from, to
end

local function amount()
  return string.format("%d.%02d", math.random(1, 250000), math.random(0, 99))
end

function request()
  if mode == "result" then
    local from, to = pair()
    return wrk.format(nil, "/?from=" .. from .. "&to=" .. to .. "&amount=" .. amount())
  elseif mode == "api" then
    local from, to = pair()
    return wrk.format(nil, "/api/v1/convert?from=" .. from .. "&to=" .. to .. "&amount=" .. amount())
  elseif mode == "history" then
    local from, to = pair()
    return wrk.format(nil, "/rates/" .. from .. "/" .. to)
  elseif mode == "frankfurter" then
    -- Any day from 1999-01-04 (10,595 days after 1970-01-01) to 2026-10-30.
    local day = os.date("!%Y-%m-%d", (10595 + math.random(0, 10161)) * 86400)
    return wrk.format(nil, "/v1/" .. day .. "?from=" .. bases[math.random(#bases)])
  elseif mode == "v2" then
    -- Any day of the year to 2026-10-30 (20,756 days after 1970-01-01): every provider has days then.
    local day = os.date("!%Y-%m-%d", (20756 - math.random(0, 364)) * 86400)
    return wrk.format(nil, "/v2/rates?base=" .. bases[math.random(#bases)] .. "&date=" .. day)
  elseif mode == "v2-past" then
    return wrk.format(nil, "/v2/rates?base=" .. bases[math.random(#bases)] .. "&date=" .. past_day())
  elseif mode == "result-past" then
    local from, to = pair()
    return wrk.format(nil, "/?from=" .. from .. "&to=" .. to .. "&amount=" .. amount() .. "&date=" .. past_day())
  elseif mode == "mcp" then
    local from, to = pair()
    local body = '{"jsonrpc":"2.0","id":' .. math.random(1, 1000000) .. ',"method":"tools/call","params":{"name":"convert",'
      .. '"arguments":{"amount":"' .. amount() .. '","from":"' .. from .. '","to":"' .. to .. '"}}}'
    return wrk.format("POST", "/mcp", nil, body)
  elseif mode == "history-all" then
    local from, to = pair()
    return wrk.format(nil, "/rates/" .. from .. "/" .. to .. "?range=all")
  end
  return wrk.format(nil, wrk.path)
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format("BENCH %d %d %d %d %d %d\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), errors.status,
    errors.connect + errors.read + errors.write + errors.timeout))
end
