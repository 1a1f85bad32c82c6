# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_permissions.py -- `sanitize -o` run by an unprivileged user in a
directory it owns refuses to replace a file it could not open for writing
(as iconv -o and cp refuse), and replaces one it may write. Needs root to
become the user "nobody" (setpriv); skipped otherwise."""
import os
import pwd
import shutil
import stat
import subprocess

from clitest import BIN, check, equal, finish, skip, tmpdir, write


def main():
    if os.geteuid() != 0:
        skip("not root: cannot run the command as another user to test file permissions")
    if not shutil.which("setpriv"):
        skip("setpriv (util-linux) is not installed: cannot run the command as another user")
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        skip("no user 'nobody' to run the command as")
    d = tmpdir()
    os.chmod(d, 0o755)
    w = os.path.join(d, "w")
    os.mkdir(w)
    os.chown(w, nobody.pw_uid, nobody.pw_gid)
    src = write(os.path.join(d, "in.txt"), b"a\xffb")
    os.chmod(src, 0o644)

    def as_nobody(args):
        p = subprocess.run(["setpriv", "--reuid=%d" % nobody.pw_uid, "--regid=%d" % nobody.pw_gid,
                            "--clear-groups", BIN] + args, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, cwd=w)
        return p.returncode, p.stdout, p.stderr.decode()

    rc, out, err = as_nobody(["check", src])
    if rc != 1:
        skip("user nobody cannot run %s here (exit %d: %s)" % (BIN, rc, err.strip()))
    for name, mode, owner in (("root600", 0o600, 0), ("root444", 0o444, 0),
                              ("own444", 0o444, nobody.pw_uid)):
        path = write(os.path.join(w, name), b"keep")
        os.chown(path, owner, 0 if owner == 0 else nobody.pw_gid)
        os.chmod(path, mode)
        equal(as_nobody(["sanitize", "-o", name, src]),
              (2, b"", "u8guard: %s: Permission denied: not replaced (you may not write to "
                       "this file)\n" % name), "-o %s (mode %o) as nobody: refused" % (name, mode))
        st = os.stat(path)
        with open(path, "rb") as f:
            equal((f.read(), st.st_uid, stat.S_IMODE(st.st_mode)), (b"keep", owner, mode),
                  "-o %s: file, owner and mode untouched" % name)
    equal(sorted(os.listdir(w)), ["own444", "root444", "root600"], "no temporary file left")
    path = write(os.path.join(w, "mine"), b"old")
    os.chown(path, nobody.pw_uid, nobody.pw_gid)
    equal(as_nobody(["sanitize", "-o", "mine", src]), (1, b"", ""), "-o a writable file: replaced")
    with open(path, "rb") as f:
        equal(f.read(), b"a\xef\xbf\xbdb", "-o a writable file: the new content")
    equal(os.stat(path).st_uid, nobody.pw_uid, "-o a writable file: same owner")
    finish()


main()
