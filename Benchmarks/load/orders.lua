-- wrk script of the load benchmark (run.sh): POST /orders with a JSON body.
--   wrk ... -s orders.lua http://127.0.0.1:PORT -- VALID_BODY INVALID_BODY INVALID_PERCENT
-- INVALID_PERCENT of every 100 requests carry the invalid body, spread evenly (error
-- diffusion, so 30 means 3 of every 10, the same sequence on every run). done() prints one
-- line for run.sh: requests, seconds, requests/s, p50 and p99 latency (µs), non-2xx answers
-- (wrk counts statuses above 399) and socket errors.

local valid_request, invalid_request
local invalid_percent = 0
local owed = 0

local function read(path)
  local file = assert(io.open(path, "rb"), "cannot open " .. tostring(path))
  local text = file:read("*a")
  file:close()
  return text
end

function init(args)
  local headers = { ["Content-Type"] = "application/json" }
  valid_request = wrk.format("POST", "/orders", headers, read(args[1]))
  invalid_request = wrk.format("POST", "/orders", headers, read(args[2]))
  invalid_percent = tonumber(args[3]) or 0
end

function request()
  owed = owed + invalid_percent
  if owed >= 100 then
    owed = owed - 100
    return invalid_request
  end
  return valid_request
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local errors = summary.errors
  io.write(string.format(
    "RESULT requests=%d seconds=%.2f rps=%.1f p50_us=%d p99_us=%d non2xx=%d socket_errors=%d\n",
    summary.requests, seconds, summary.requests / seconds, latency:percentile(50), latency:percentile(99),
    errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
