document.title += " ready";
