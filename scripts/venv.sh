# Sourced by scripts/run and scripts/test: make sure .venv exists and holds what the lock "$1" names
# (requirements.lock for the bot, requirements-dev.lock for the tests; a requirements*.txt name means its lock).
#
# A lock names every dependency, direct and indirect, with the hashes of its files, and pip installs it with
# --require-hashes: every checkout gets the same versions and the same bytes (./scripts/lock refreshes the locks
# from the direct pins in requirements*.txt). pip runs only when .venv is new or a requirements*.txt or
# requirements*.lock file changed since the last install: a stamp file in .venv holds a hash of those files (and of
# the Python version), so an unchanged checkout starts at once.
# PYTHON picks the interpreter that creates .venv (default python3; Nocturne needs 3.11 or newer).

nocturne_venv() {
    local requirements=${1%.txt}
    requirements=${requirements%.lock}.lock
    local python=${PYTHON:-python3}
    if ! .venv/bin/python -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        if ! command -v "$python" >/dev/null; then
            echo "nocturne: $python not found; install Python 3.11 or newer (or set PYTHON=/path/to/python3.11)" >&2
            exit 2
        fi
        if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
            echo "nocturne: Python 3.11 or newer is needed, $python is $("$python" -V 2>&1);" \
                 "set PYTHON=/path/to/python3.11" >&2
            exit 2
        fi
        echo "Creating .venv with $("$python" -V 2>&1) ..." >&2
        "$python" -m venv --clear .venv
    fi
    local stamp=".venv/.installed-${requirements%.lock}"
    local digest
    digest=$(.venv/bin/python - <<'PY'
import hashlib, pathlib, sys
h = hashlib.sha256(sys.version.encode())
for path in sorted([*pathlib.Path(".").glob("requirements*.txt"), *pathlib.Path(".").glob("requirements*.lock")]):
    h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
print(h.hexdigest())
PY
)
    # the dev requirements include the runtime ones, so a current dev install serves scripts/run too
    if [ "$(cat "$stamp" 2>/dev/null)" = "$digest" ] \
        || { [ "$requirements" = requirements.lock ] && [ "$(cat .venv/.installed-requirements-dev 2>/dev/null)" = "$digest" ]; }; then
        return 0
    fi
    echo "Installing $requirements into .venv ..." >&2
    # --no-deps: the lock already lists every dependency; anything it missed fails here instead of floating in
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r "$requirements"
    echo "$digest" > "$stamp"
}
