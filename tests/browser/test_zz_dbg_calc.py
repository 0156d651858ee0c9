import json, time
from test_calculators import *
from test_calculators import Calc, page_path, wait_runtime, rent_invalid_owned, defaults

def test_dbg(calc_pages):
    page = calc_pages("nl")
    c = Calc(page, "rent")
    c.reset()
    req = rent_invalid_owned(c, "nl")
    c.wait_shown(req)
    print("ERR", c.field_error("owned"))
    page.click("#calc-rent .calc-reset")
    time.sleep(2)
    print(page.get_attribute("#calc-rent", "data-shown-request"))
    print(page.get_attribute("#calc-rent", "data-baseline"))
    print(page.get_attribute("#calc-rent .calc-result", "data-source"))
    print(page.eval_on_selector("#calc-rent-owned", "e => e.value"))
