# Puts the python3 interpreter itself first on PATH for this test and what it starts. A version manager's
# shim (pyenv's is a shell script that looks the version up) would otherwise run before every one of the
# many python3 calls the CLI tests make.
if qs_python=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) && [ -x "$qs_python" ]; then
    PATH="$(dirname "$qs_python"):$PATH"
    export PATH
fi
unset qs_python
