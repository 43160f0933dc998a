"""One GNU Go process spoken to in GTP, for the scripts that record GNU Go's answers as golden
data (gnugo_golden.py, gnugo_reading.py). Stdlib only.
"""

import subprocess

GNUGO = "/usr/games/gnugo"


class Gtp:
    """One GNU Go process spoken to in GTP, started with `flags`."""

    def __init__(self, *flags):
        self.proc = subprocess.Popen(
            [GNUGO, "--mode", "gtp", *flags],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def batch(self, commands):
        """Sends every command, then reads the answers: a list of (ok, text)."""
        self.proc.stdin.write("".join(c + "\n" for c in commands))
        self.proc.stdin.flush()
        answers = []
        for _ in commands:
            lines = []
            while True:
                line = self.proc.stdout.readline()
                if line == "":
                    raise RuntimeError("gnugo exited")
                line = line.rstrip("\n")
                if line == "" and lines:
                    break
                if line == "" and not lines:
                    continue
                lines.append(line)
            head = lines[0]
            ok = head.startswith("=")
            text = "\n".join([head[1:].strip()] + lines[1:]).strip()
            answers.append((ok, text))
        return answers

    def cmd(self, command):
        return self.batch([command])[0]

    def close(self):
        try:
            self.cmd("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait()
