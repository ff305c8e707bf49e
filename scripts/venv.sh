# Sourced by scripts/run and scripts/test: make sure .venv exists and holds the pinned requirements in "$1".
#
# pip runs only when .venv is new or a requirements*.txt file changed since the last install: a stamp file in
# .venv holds a hash of those files (and of the Python version), so an unchanged checkout starts at once.
# PYTHON picks the interpreter that creates .venv (default python3; Nocturne needs 3.11 or newer).

nocturne_venv() {
    local requirements=$1
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
    local stamp=".venv/.installed-${requirements%.txt}"
    local digest
    digest=$(.venv/bin/python - <<'PY'
import hashlib, pathlib, sys
h = hashlib.sha256(sys.version.encode())
for path in sorted(pathlib.Path(".").glob("requirements*.txt")):
    h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
print(h.hexdigest())
PY
)
    # the dev requirements include the runtime ones, so a current dev install serves scripts/run too
    if [ "$(cat "$stamp" 2>/dev/null)" = "$digest" ] \
        || { [ "$requirements" = requirements.txt ] && [ "$(cat .venv/.installed-requirements-dev 2>/dev/null)" = "$digest" ]; }; then
        return 0
    fi
    echo "Installing $requirements into .venv ..." >&2
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$requirements"
    echo "$digest" > "$stamp"
}
