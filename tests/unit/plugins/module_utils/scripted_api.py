"""A scripted HTTP server for client and module-base tests: every exchange is exactly the one a test wrote."""

import datetime
import json
import socket
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

API_KEY = "k3y-that-must-never-leak-0000"


class ScriptedApi:
    """Answers requests from a queue of (status, body, headers) and records what it received."""

    def __init__(self, tls_directory=None):
        self.answers = []
        self.received = []
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw_body = self.rfile.read(length) if length else b""
                api.received.append({
                    "method": self.command,
                    "path": self.path,
                    "headers": dict(self.headers),
                    "body": json.loads(raw_body) if raw_body else None,
                    "at": time.monotonic(),
                    "client_port": self.client_address[1],
                })
                status, body, headers, delay, reason = api.answers.pop(0) if api.answers else (200, {}, {}, 0, None)
                if delay:
                    time.sleep(delay)
                if status is None:
                    # Close without answering, as a proxy does when the upstream goes away.
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                payload = b"" if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
                self.send_response(status, reason)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _answer

        self.connections = 0

        class Server(ThreadingHTTPServer):
            def get_request(self):
                # Counted before a TLS handshake, so refused handshakes count too.
                api.connections += 1
                return super().get_request()

        self.server = Server(("127.0.0.1", 0), Handler)
        scheme = "http"
        if tls_directory is not None:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(*self_signed_certificate(tls_directory))
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
            scheme = "https"
        self.url = "%s://127.0.0.1:%d" % (scheme, self.server.server_address[1])
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()

    def answer(self, status, body=None, headers=None, delay=0, reason=None):
        """Queue an answer; status None closes the connection instead, after ``delay`` seconds.

        ``reason`` replaces the status line's phrase; an empty one leaves it out, as some servers do.
        """
        self.answers.append((status, body, headers or {}, delay, reason))

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def self_signed_certificate(directory):
    """A certificate for 127.0.0.1 that no certificate authority signed, and its key: (cert_path, key_path)."""
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / "cert.pem", directory / "key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return str(cert_path), str(key_path)
