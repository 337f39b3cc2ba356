"""The Node process that runs Parlor's engine (services/env/server.ts), spoken to in JSON lines.

One process serves every environment of this Python process; it starts on first use and ends with it.
"""
import atexit
import json
import os
import shutil
import subprocess
import threading

ROOT = os.environ.get("PARLOR_ROOT") or os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


class ParlorEnvError(Exception):
    """A refusal from the environment, with its stable code (e.g. ENV_ILLEGAL_ACTION)."""

    def __init__(self, code, message):
        super().__init__("%s: %s" % (code, message))
        self.code = code


class Server:
    def __init__(self, root=ROOT):
        # node with tsx's loader, as `npx tsx services/env/server.ts` runs it, minus the launcher process;
        # PARLOR_ENV_SCRIPT: a JavaScript build of that file to run instead (npm test's bundle, without tsx's start-up)
        node = os.environ.get("PARLOR_NODE") or shutil.which("node") or "node"
        script = os.environ.get("PARLOR_ENV_SCRIPT")
        self.proc = subprocess.Popen(
            [node, script] if script else [node, "--import", "tsx", os.path.join("services", "env", "server.ts")],
            cwd=root,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=1 << 16,
        )
        self.lock = threading.Lock()
        atexit.register(self.close)

    def request(self, message):
        """Sends one request and returns its reply; raises ParlorEnvError on a refusal."""
        line = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        with self.lock:
            self.proc.stdin.write(line)
            self.proc.stdin.flush()
            reply = self.proc.stdout.readline()
        if not reply:
            raise ParlorEnvError("ENV_SERVER_GONE", "the environment process ended (exit code %s)" % self.proc.poll())
        out = json.loads(reply)
        if "error" in out:
            raise ParlorEnvError(out["error"]["code"], out["error"]["message"])
        return out

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except Exception:
                self.proc.kill()


_shared = None


def shared():
    """The process every environment of this interpreter shares."""
    global _shared
    if _shared is None or _shared.proc.poll() is not None:
        _shared = Server()
    return _shared
