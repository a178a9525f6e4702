"""The table of docs/adopt-an-account.md, "What is exported and audited", derived from the declarations.

For each kind and the role that manages it: the variables the export writes and the audit compares
(``Shape.fields()``, with each settings variable's options), and the role's other variables, which
the audit does not compare, each with why (``Shape.not_compared``, or: how the role runs rather
than what the account holds). tests/unit/docs/test_adopt_an_account.py fails when the guide's
table is not this one; `python -m tests.utils.account_doc` (from the repository root, with the
collection importable) writes it.
"""

import os
import re
import sys

import yaml

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.kinds import KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import Options, Settings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GUIDE = os.path.join(ROOT, "docs", "adopt-an-account.md")
START = "<!-- fields: written by python -m tests.utils.account_doc -->"
END = "<!-- end of fields -->"
HOW_IT_RUNS = "how the role runs, not what the account holds"


def role_options(role):
    with open(os.path.join(ROOT, "roles", role, "meta", "argument_specs.yml"), encoding="utf-8") as handle:
        return list(yaml.safe_load(handle)["argument_specs"]["main"]["options"])


def compared(shape):
    """The lines of what the export writes and the audit compares, a variable each."""
    lines = []
    for part in shape.parts:
        if isinstance(part, Options):
            lines.extend("`%s`" % name for name in part.fields())
        elif isinstance(part, Settings):
            lines.append("`%s`: %s" % (part.variable, ", ".join(field.option for field in part.fields_of)))
        else:
            lines.extend("`%s`" % name for name in part.fields())
    return lines


def render():
    out = [START, ""]
    for kind in KINDS:
        for shape in kind.shapes:
            written = set(shape.variables()) | {name for part in shape.parts for name in part.fields()}
            others = [name for name in role_options(shape.role) if name not in written]
            out.append("### %s: `bunnynet.cloud.%s`" % (kind.title[0].upper() + kind.title[1:], shape.role))
            out.append("")
            out.append("Found by %s. Exported and audited:" % " or ".join("`%s`" % name for name in shape.finders()))
            out.append("")
            lines = compared(shape)
            out.extend("- %s" % line for line in lines)
            # What the export writes beside the fields: which lists are whole, where the files come from, the serving pull zone.
            also = sorted({name for name in shape.variables() if name not in shape.finders()
                           and not any(line.startswith(("`%s`" % name, "`%s." % name, "`%s[" % name)) for line in lines)})
            if also:
                out.append("")
                out.append("Written as well, and used by the comparison: %s." % ", ".join("`%s`" % name for name in also))
            if others:
                out.append("")
                out.append("Not compared:")
                out.append("")
                out.extend("- `%s`: %s" % (name, shape.not_compared.get(name, HOW_IT_RUNS)) for name in others)
            out.append("")
    out.append(END)
    return "\n".join(out)


def written_block(text):
    return re.search(re.escape(START) + ".*?" + re.escape(END), text, re.S).group(0)


def main():
    with open(GUIDE, encoding="utf-8") as handle:
        text = handle.read()
    text = text.replace(written_block(text), render())
    with open(GUIDE, "w", encoding="utf-8") as handle:
        handle.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
