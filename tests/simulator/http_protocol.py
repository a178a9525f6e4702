"""The HTTP protocol uvicorn serves the simulator with: httptools for speed, h11 for any method.

httptools (llhttp) parses only the methods it knows and answers 400 to any other before the
request reaches routing; the vendor's storage SDK reads one object's description with the method
`DESCRIBE`, which it does not know. h11 takes any method token but is slower. So connections
start on httptools, and one whose request httptools refuses at its first byte is handed over to
h11 with that request, for the rest of the connection: h11 parses it, and answers 400 itself if
it too finds the request malformed. A request refused after others in the same chunk (pipelined)
keeps httptools' 400, since the bytes before it are gone.
"""

from typing import Any, Union

from uvicorn.protocols.http.h11_impl import H11Protocol

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools is not installed: uvicorn parses with h11 alone, which takes any method.
    HttpToolsProtocol = None


def http_protocol() -> Union[str, type]:
    """What to pass as uvicorn's `http` setting."""
    return AnyMethodHttpToolsProtocol if HttpToolsProtocol is not None else "h11"


if HttpToolsProtocol is not None:

    class AnyMethodHttpToolsProtocol(HttpToolsProtocol):
        _between_messages = True
        _completed_messages = 0
        _chunk: Any = None

        def on_message_begin(self) -> None:
            self._between_messages = False
            super().on_message_begin()

        def on_message_complete(self) -> None:
            self._between_messages = True
            self._completed_messages += 1
            super().on_message_complete()

        def data_received(self, data: bytes) -> None:
            # What the chunk starts: a refusal can be handed over only if it is the whole of a new request so far.
            self._chunk = (data, self._between_messages, self._completed_messages)
            super().data_received(data)

        def send_400_response(self, msg: str) -> None:
            data, started_between_messages, completed = self._chunk
            if started_between_messages and completed == self._completed_messages:
                self._hand_over_to_h11(data)
                return
            super().send_400_response(msg)

        def _hand_over_to_h11(self, data: bytes) -> None:
            protocol = H11Protocol(config=self.config, server_state=self.server_state, app_state=self.app_state)
            self.connections.discard(self)
            protocol.connection_made(self.transport)
            self.transport.set_protocol(protocol)
            protocol.data_received(data)
