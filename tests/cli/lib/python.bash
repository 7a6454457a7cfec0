# Puts the CLI tests' python3 first on PATH for this test and what it starts: the one the build chose
# (tests/CMakeLists.txt: QS_TEST_PYTHON_DIR), else the interpreter PATH's python3 runs. A version manager's
# shim (pyenv's is a shell script that looks the version up) would otherwise run before every one of the
# many python3 calls the CLI tests make.
if [ -n "${QS_TEST_PYTHON_DIR:-}" ] && [ -x "$QS_TEST_PYTHON_DIR/python3" ]; then
    PATH="$QS_TEST_PYTHON_DIR:$PATH"
    export PATH
elif qs_python=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) && [ -x "$qs_python" ]; then
    PATH="$(dirname "$qs_python"):$PATH"
    export PATH
fi
unset qs_python
