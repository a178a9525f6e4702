"""docs/adopt-an-account.md's table of what is exported and audited is the declarations' own."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.kinds import KINDS
from ansible_collections.bunnynet.cloud.tests.utils import account_doc


def test_the_guide_s_table_is_the_one_the_declarations_give():
    with open(account_doc.GUIDE, encoding="utf-8") as handle:
        written = account_doc.written_block(handle.read())

    assert written == account_doc.render(), "docs/adopt-an-account.md is out of date: run python -m tests.utils.account_doc"


def test_the_table_names_every_role_and_every_variable_each_role_takes():
    table = account_doc.render()

    for kind in KINDS:
        for shape in kind.shapes:
            section = table.split("`bunnynet.cloud.%s`" % shape.role, 1)[1].split("\n### ", 1)[0]
            for option in account_doc.role_options(shape.role):
                named = ("`%s`" % option, "`%s." % option, "`%s[" % option)
                assert any(form in section for form in named) or option in shape.finders(), (shape.role, option)
