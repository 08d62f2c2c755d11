/**
 * The knowledge base (issue 25), its public face:
 * - <KnowledgeBasePage />: /knowledgebase, the articles (searched, read, and written by their writers) and
 *   the site's support contacts. The Markdown parser and sanitiser come with this route only.
 */
export { KnowledgeBasePage } from './components/knowledge-base-page';
