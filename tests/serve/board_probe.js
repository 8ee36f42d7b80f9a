// What the board's layout tests read from the page: where the key parts end, the
// sideways scroll, the smallest type, and the lowest contrast of any text.
(function () {
  function rgb(c) {
    var m = c.match(/[\d.]+/g).map(Number);
    return { r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1 };
  }
  function lum(c) {
    var f = function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  }
  function background(el) {
    for (var e = el; e; e = e.parentElement) {
      var c = rgb(getComputedStyle(e).backgroundColor);
      if (c.a > 0.5) return c;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  }
  function bottom(sel) {
    var e = document.querySelector(sel);
    return e ? e.getBoundingClientRect().bottom + window.scrollY : null;
  }
  var texts = [].filter.call(document.querySelectorAll("body *"), function (e) {
    return !e.hidden && e.offsetParent !== null && [].some.call(e.childNodes, function (n) {
      return n.nodeType === 3 && n.textContent.trim();
    });
  });
  var small = null, worst = null;
  texts.forEach(function (e) {
    var s = getComputedStyle(e);
    var size = parseFloat(s.fontSize);
    if (!small || size < small.size) small = { size: size, text: e.textContent.slice(0, 40) };
    var a = lum(rgb(s.color)), b = lum(background(e));
    var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (!worst || ratio < worst.ratio) worst = { ratio: ratio, text: e.textContent.slice(0, 40) };
  });
  var stats = [].map.call(document.querySelectorAll("li.fighter .stats span"), function (e) {
    return parseFloat(getComputedStyle(e).fontSize);
  });
  return JSON.stringify({
    height: window.innerHeight,
    width: window.innerWidth,
    scroll: document.documentElement.scrollWidth,
    strip: bottom("#strip"),
    current: bottom("li.fighter.active"),
    last: bottom("section.last"),
    sides: [].map.call(document.querySelectorAll("ul.score li.team"), function (e) { return e.textContent; }),
    order: (document.getElementById("order") || {}).textContent,
    small: small,
    stats: Math.min.apply(null, stats.length ? stats : [0]),
    worst: worst,
    awake: window.__awake || null,
    awakeText: document.getElementById("awake").hidden ? "" : document.getElementById("awake").textContent,
    rolls: document.querySelectorAll("section.last ul.rolls li").length,
    folded: (document.querySelector("li.fighter.out") || {}).textContent || "",
    danger: [].map.call(document.querySelectorAll("li.fighter.hurt .state, li.fighter.out .name"), function (e) { return getComputedStyle(e).color; }),
  });
})()
