"""A loopback stand-in for ExchangeRate-API, for scripts/bench's refresh timing.

Serves the recorded 162-currency payload (Tests/RateSourcesTests/Resources) dated now, with one rate
nudged on every request, so that every refresh stores a new snapshot. Prints its port.
"""
import http.server
import json
import sys
import time
from pathlib import Path

PAYLOAD = json.loads((Path(__file__).resolve().parents[2]
                      / "Tests/RateSourcesTests/Resources/exchangerate-api-latest-USD.json").read_text())


class Handler(http.server.BaseHTTPRequestHandler):
    served = 0

    def do_GET(self):
        Handler.served += 1
        document = dict(PAYLOAD, time_last_update_unix=int(time.time()),
                        rates=dict(PAYLOAD["rates"], EUR=round(0.9 + Handler.served / 10000, 4)))
        body = json.dumps(document).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
sys.stdout.close()
server.serve_forever()
