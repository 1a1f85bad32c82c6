# SPDX-License-Identifier: MIT OR Apache-2.0
"""test_permissions.py -- `sanitize -o` run by an unprivileged user in a
directory it owns refuses to replace a file it could not open for writing
(as iconv -o and cp refuse), and replaces one it may write; what the new
file's owner and mode are (the old ones when the command may give them, set-id
bits only with the old owner; the user's for a file a dangling link names).
Needs root to become the user "nobody" (setpriv); skipped otherwise."""
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

    def run_root(args):
        return subprocess.run([BIN] + args, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode

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

    # A new file in a directory nobody may not write: mkstemp fails, and
    # the message says what could not be created, and where.
    rc, out, err = as_nobody(["sanitize", "-o", os.path.join(d, "new"), src])
    equal((rc, out, err), (2, b"", "u8guard: %s: cannot create a temporary file beside it: "
                                   "Permission denied\n" % os.path.join(d, "new")),
          "-o in a directory of root's, as nobody: refused")
    check(not os.path.exists(os.path.join(d, "new")), "-o in a directory of root's: no file")

    # An OUT that is not a regular file is opened, not replaced: a FIFO of
    # root's that nobody may not open for writing is refused by open.
    fifo = os.path.join(w, "rootfifo")
    os.mkfifo(fifo, 0o600)
    equal(as_nobody(["sanitize", "-o", "rootfifo", src]),
          (2, b"", "u8guard: rootfifo: Permission denied\n"),
          "-o a FIFO of root's, as nobody: refused by open")
    os.remove(fifo)

    def owner_mode(path):
        st = os.stat(path)
        return st.st_uid, stat.S_IMODE(st.st_mode)

    # A file of root's that anyone may write: nobody replaces it, but cannot
    # give the new file to root, so it is nobody's and loses its set-id bits
    # (mode & 0777), as cp leaves them off a copy it cannot chown.
    path = write(os.path.join(w, "root6777"), b"old")
    os.chown(path, 0, 0)
    os.chmod(path, 0o6777)
    equal(as_nobody(["sanitize", "-o", "root6777", src]), (1, b"", ""),
          "-o a file of root's that anyone may write, as nobody: replaced")
    equal(owner_mode(path), (nobody.pw_uid, 0o777),
          "-o root6777 as nobody: nobody's now, set-id bits dropped")
    # Root replaces nobody's set-uid file: owner and mode kept, set-uid too.
    path = write(os.path.join(w, "nobody4755"), b"old")
    os.chown(path, nobody.pw_uid, nobody.pw_gid)
    os.chmod(path, 0o4755)
    equal(run_root(["sanitize", "-o", path, src]), 1, "-o a set-uid file, as root: exit 1")
    equal(owner_mode(path), (nobody.pw_uid, 0o4755),
          "-o nobody4755 as root: owner and mode (set-uid) kept")
    # A dangling link of nobody's: the file it names is created by root and
    # is root's (the link's owner is not the file's).
    link = os.path.join(w, "dangling")
    os.symlink("made-by-root", link)
    os.lchown(link, nobody.pw_uid, nobody.pw_gid)
    equal(run_root(["sanitize", "-o", link, src]), 1, "-o a dangling link, as root: exit 1")
    equal(os.stat(os.path.join(w, "made-by-root")).st_uid, 0,
          "-o a dangling link of nobody's, as root: the new file is root's")
    finish()


main()
