import { describe, expect, it } from 'vitest';
import { prepareAnalysis } from '../src/analysis/analyse';
import { readCodeStructure } from '../src/analysis/code-structure';
import { readPageFacts, templatePageUnits } from '../src/analysis/pages';
import { zhTranslations } from '../src/analysis/vocabulary';
import type { MetaFile } from '../src/intake/intake';
import { codeFile } from './fixtures-code';

/** A server-rendered Django site whose code names no module: URL configuration, views and templates. */
const files = [
  codeFile('archive/urls.py', "from django.urls import path\nfrom archive import views\n\nurlpatterns = [\n    path('', views.index, name='index'),\n    path('users/<int:pk>/', views.profile, name='profile'),\n]\n", 'Python', 'python'),
  codeFile('archive/views.py', "from django.shortcuts import render\n\n\ndef index(request):\n    return render(request, 'archive/index.html', {})\n\n\ndef profile(request, pk):\n    return render(request, 'archive/profile.html', {})\n", 'Python', 'python'),
  codeFile('archive/templates/archive/index.html', "{% extends 'archive/base.html' %}\n{% load i18n %}\n{% block content %}\n<h1>{% trans 'Available lists' %}</h1>\n<table>\n  <tr><th>{% trans 'List' %}</th><th>{% trans 'Description' %}</th></tr>\n</table>\n{% endblock %}\n", 'HTML', 'markup'),
  codeFile('archive/templates/archive/profile.html', "{% extends 'archive/base.html' %}\n{% load i18n %}\n{% block content %}\n<h1>{% trans \"User profile\" %} <small>{% trans \"for\" %} {{ name }}</small></h1>\n<p>{% trans 'Last posts' %}</p>\n<p>{% trans 'for query' %} \"{{ query }}\"</p>\n{% endblock %}\n", 'HTML', 'markup'),
  codeFile('archive/templates/archive/base.html', "<html><head><title>{% block title %}Archive{% endblock %}</title></head><body><h1>Mail Archive</h1>{% block content %}{% endblock %}</body></html>\n", 'HTML', 'markup'),
  codeFile('archive/templates/archive/errors/private.html', "{% extends 'archive/base.html' %}\n{% block content %}<h1>Private list</h1>{% endblock %}\n", 'HTML', 'markup'),
];
const meta: MetaFile[] = [{ path: 'archive/locale/zh_CN/LC_MESSAGES/django.po', text: 'msgid ""\nmsgstr ""\n\nmsgid "Available lists"\nmsgstr "可用的邮件列表"\n' } as MetaFile];

describe('a server-rendered site whose code names no module', () => {
  it('takes its titled template pages as the modules, translated by its own catalogue, and drops the nameless URL configuration', async () => {
    await prepareAnalysis(files);
    const structure = readCodeStructure(files, meta);
    expect(structure.units.some((u) => u.key.startsWith('urls ') && !u.label)).toBe(true);
    const pages = await readPageFacts(files, meta, structure.units);
    const units = templatePageUnits(structure.units, pages, zhTranslations(meta));
    expect(units.map((u) => [u.label, u.kind])).toEqual([
      ['可用的邮件列表', 'page'],
      ['User profile', 'page'],
    ]);
    expect(units[0].evidence[0]).toMatchObject({ file: 'archive/templates/archive/index.html', symbol: '页面标题：可用的邮件列表' });
    // Each unit holds its page's facts; base and error templates are parts of pages, not modules.
    const profile = pages.find((p) => p.file.endsWith('profile.html'))!;
    expect(profile.unit).toBe(units[1].key);
    expect(profile.texts?.map((t) => t.text)).toContain('Last posts');
    expect(profile.texts?.map((t) => t.text).filter((t) => t === 'for' || t.includes('""'))).toEqual([]);
    expect(pages.find((p) => p.file.endsWith('base.html'))?.unit).toBeUndefined();
  });

  it('leaves a site whose code already names its modules as it is', async () => {
    const named = [{ key: 'model post', label: '文章', labelFrom: 'translation' as const, words: ['post'], kind: 'page' as const, evidence: [{ file: 'blog/models.py', kind: 'entity' as const }] }];
    const pages = await readPageFacts(files, meta, named);
    expect(templatePageUnits(named, pages)).toBe(named);
  });
});
